import Hummingbird

/// With a token file, the API asks for `Authorization: Bearer <token>` (401 otherwise) before
/// reading a byte of the body. The page, health, readiness, metrics and the OpenAPI document stay
/// open; the drop page's form carries its token in a field.
package struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    package let tokens: Set<String>

    package init(tokens: Set<String>) { self.tokens = tokens }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !tokens.isEmpty, request.uri.path.hasPrefix("/v1/") else { return try await next(request, context) }
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
