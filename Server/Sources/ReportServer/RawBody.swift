import Hummingbird
import NIOCore

/// The request's bytes as the client sent them, collected before any handler runs: a job keeps
/// its exact bytes (a report attaches them, `extract` gives them back), and a body over the limit
/// is refused with 413 while it is still arriving, never read whole (a multipart form included:
/// the limit is on the whole body, whatever its parts).
package enum RawBody {
    @TaskLocal package static var bytes: [UInt8] = []
}

/// Collects the body up to `limit` bytes into ``RawBody/bytes`` for the handlers.
package struct RawBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    package let limit: Int
    /// How long the whole body may take to arrive (408 beyond it).
    package let timeout: Duration

    package init(limit: Int, timeout: Duration = .seconds(60)) {
        self.limit = limit
        self.timeout = timeout
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        // A declared length over the limit is refused before a byte of the body is read.
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return tooLarge()
        }
        let buffer: ByteBuffer
        do {
            // The body against the clock: whichever ends first, the other is cancelled.
            let (limit, timeout, arriving) = (limit, timeout, request)
            let collected = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { var body = arriving; return try await body.collectBody(upTo: limit) }
                group.addTask { try await Task.sleep(for: timeout); return nil }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
            guard let collected else {
                ServerMetrics.refused("too_slow")
                return ProblemResponse.make(status: .requestTimeout, title: "The body took too long",
                                            detail: "this server waits at most \(timeout) for a request's body", headers: [.connection: "close"])
            }
            buffer = collected
            // The handlers read the collected bytes, never the stream again (it is read once).
            request.body = RequestBody(buffer: collected)
        } catch let error as any HTTPResponseError where error.status.code == 413 {
            return tooLarge()
        }
        return try await RawBody.$bytes.withValue(Array(buffer.readableBytesView)) {
            try await next(request, context)
        }
    }

    private func tooLarge() -> Response {
        ServerMetrics.refused("too_large")
        return ProblemResponse.make(status: .contentTooLarge, title: "The body is too large",
                                    detail: "this server reads at most \(limit) bytes a request")
    }
}

/// A problem (RFC 9457) made outside the generated routes, by a middleware.
package enum ProblemResponse {
    package static func make(status: HTTPResponse.Status, title: String, detail: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        let body = #"{"type":"about:blank","title":\#(quoted(title)),"status":\#(status.code),"detail":\#(quoted(detail))}"#
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default: quoted += scalar.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) : String(scalar)
            }
        }
        return quoted + "\""
    }
}
