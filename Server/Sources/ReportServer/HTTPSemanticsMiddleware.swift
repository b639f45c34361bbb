import Foundation
import HTTPTypes
import Hummingbird
import ReportKit

/// What every response of the server keeps to, whatever route made it: an unknown path a 404 and
/// a known path asked with another method a 405 (with `Allow`), both problem+json like every other
/// refusal; and the headers a page facing the Internet needs (a content security policy that runs
/// only the drop page's own script and style, no framing, no type sniffing, no referrer). `HEAD`
/// is the router's (``ServerRouter``): a route is chosen before any middleware runs.
package struct HTTPSemanticsMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await answer(request, context: context, next: next)
        for (name, value) in SecurityHeaders.fields { response.headers[name] = value }
        return response
    }

    private func answer(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // What the client takes is settled before any work: a PNG asked with `Accept:
        // application/pdf` was rendered, then failed as a 500 (the generated code checks Accept
        // only when it writes the response, and would refuse this problem too).
        if request.method == .post, request.uri.path == "/v1/reports" {
            let made = request.uri.queryParameters["format"] == "png" ? "image/png" : "application/pdf"
            if let accept = request.headers[.accept], !Self.accepts(accept, made) {
                return ProblemResponse.make(status: .notAcceptable, title: "Not acceptable",
                                            detail: "this request makes \(made), which the Accept header (\(accept)) does not take")
            }
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            if let allowed = KnownRoutes.methods[path] {
                return ProblemResponse.make(status: .methodNotAllowed, title: "Method not allowed",
                                            detail: "\(path) answers \(allowed.joined(separator: ", ")), not \(request.method)",
                                            headers: [.allow: allowed.joined(separator: ", ")])
            }
            return ProblemResponse.make(status: .notFound, title: "Not found",
                                        detail: "no route \(path); GET /openapi.yaml lists the API, GET / is the drop page")
        }
    }
}

extension HTTPSemanticsMiddleware {
    /// Whether an Accept header's media ranges (RFC 9110, 12.5.1) take `type`: the type itself,
    /// its family (`image/*`) or anything (`*/*`), with a quality above zero.
    static func accepts(_ header: String, _ type: String) -> Bool {
        let family = (type.split(separator: "/").first.map(String.init) ?? "") + "/*"
        return header.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard let name = parts.first, quality > 0 else { return false }
            return name == type || name == family || name == "*/*"
        }
    }
}

/// The paths the server answers and the methods each takes (openapi.yaml and the drop page).
enum KnownRoutes {
    static let methods: [String: [String]] = [
        "/v1/reports": ["POST"], "/v1/records": ["POST"], "/v1/batches": ["POST"], "/v1/validate": ["POST"],
        "/v1/templates": ["GET", "HEAD"], "/healthz": ["GET", "HEAD"], "/readyz": ["GET", "HEAD"], "/metrics": ["GET", "HEAD"],
        "/openapi.yaml": ["GET", "HEAD"], "/": ["GET", "HEAD"], "/drop/check": ["POST"], "/drop/download": ["POST"],
    ]
}

/// The security headers of every response. The policy allows the drop page's inline style and
/// script by their SHA-256 (the page has one of each, the script in each language), and nothing
/// else: no other script, no frame, no form sent elsewhere.
enum SecurityHeaders {
    static let fields: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, policy), (.xContentTypeOptions, "nosniff"), (.xFrameOptions, "DENY"), (.referrerPolicy, "no-referrer"),
    ]

    static let policy: String = {
        let scripts = ["pl", "en", "de"].map { hash(DropPageAssets.script(DropPageTexts.texts(for: $0))) }
        return "default-src 'none'; script-src \(Set(scripts).sorted().joined(separator: " ")); style-src \(hash(DropPageAssets.css)); "
            + "connect-src 'self'; img-src 'self' data: blob:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }()

    /// `'sha256-…'` of an inline block as the browser hashes it (its UTF-8 bytes, base64).
    private static func hash(_ text: String) -> String {
        let hex = RecordEvidence(of: Array(text.utf8)).sha256
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return "'sha256-\(Data(bytes).base64EncodedString())'"
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = Self("Content-Security-Policy")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
}

/// The server's router, answering `HEAD` as `GET` without the body (the generated API and the
/// page declare `GET` only, and a route is matched by method before any middleware runs).
package struct ServerRouter: HTTPResponderBuilder {
    package let router: Router<BasicRequestContext>

    package func buildResponder() -> HeadAsGetResponder {
        HeadAsGetResponder(routes: router.buildResponder())
    }
}

package struct HeadAsGetResponder: HTTPResponder {
    package typealias Context = BasicRequestContext
    let routes: RouterResponder<BasicRequestContext>

    package func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .head else { return try await routes.respond(to: request, context: context) }
        var head = request.head
        head.method = .get
        var response = try await routes.respond(to: Request(head: head, body: request.body), context: context)
        response.body = .init()
        return response
    }
}
