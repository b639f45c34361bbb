import Hummingbird

/// With a token file, every request asks for `Authorization: Bearer <token>` (401 otherwise)
/// before a byte of its body is read, except the few paths that stay open, spelled exactly: the
/// page, health, readiness, metrics and the OpenAPI document, and the drop page's form routes,
/// which check the token the form carries in a field. The open paths are a list and everything
/// else is closed, so no other spelling of a path (`//v1/reports`, `/v1/./reports`, `/%761/…`,
/// which a router may still match) can reach the API without a token.
package struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    package let tokens: Set<String>

    /// The paths served without the header, exactly as a request spells them.
    package static var openPaths: Set<String> { OpenPaths.all }

    package init(tokens: Set<String>) { self.tokens = tokens }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !tokens.isEmpty, !Self.openPaths.contains(request.uri.path) else { return try await next(request, context) }
        let header = request.headers[.authorization] ?? ""
        guard header.lowercased().hasPrefix("bearer "), Self.accepts(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), in: tokens) else {
            ServerMetrics.refused("unauthorized")
            return ProblemResponse.make(status: .unauthorized, title: "Unauthorized",
                                        detail: "this server asks for `Authorization: Bearer <token>`", headers: [.wwwAuthenticate: "Bearer"])
        }
        return try await next(request, context)
    }

    /// Whether `token` is one of `tokens`, compared in time that does not depend on where they differ.
    package static func accepts(_ token: String, in tokens: Set<String>) -> Bool {
        let given = Array(token.utf8)
        var found = false
        for candidate in tokens {
            let expected = Array(candidate.utf8)
            var difference = UInt8(given.count == expected.count ? 0 : 1)
            for index in 0..<expected.count { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
            found = found || difference == 0
        }
        return found
    }
}

/// The paths a server with tokens serves without the header (a generic type cannot store them).
enum OpenPaths {
    static let all: Set<String> = ["/", "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/drop/check", "/drop/download"]
}
