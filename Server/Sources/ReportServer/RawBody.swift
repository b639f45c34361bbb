import Hummingbird
import NIOCore
import ServiceLifecycle
import Synchronization

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
    /// Whether the routes of a season's work are cancelled when the client closes the connection.
    package let cancelsWhenTheClientLeaves: Bool

    package init(limit: Int, timeout: Duration = .seconds(60), cancelsWhenTheClientLeaves: Bool = false) {
        self.limit = limit
        self.timeout = timeout
        self.cancelsWhenTheClientLeaves = cancelsWhenTheClientLeaves
    }

    /// The routes whose work can last seconds: a season's. A single report (10 ms) is drawn
    /// whatever happens; watching for the close costs the connection its keep-alive.
    static func isSeasonWork(_ request: Request) -> Bool {
        request.method == .post && ["/v1/batches", "/v1/records", "/v1/validate", "/drop/check", "/drop/download"].contains(request.uri.path)
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard cancelsWhenTheClientLeaves, Self.isSeasonWork(request) else { return try await collect(request, context: context, next: next) }
        // Hummingbird's inbound-close watch: the request, body included, runs in a child task
        // that is cancelled when the client hangs up (its parts not yet drawn leave the queue;
        // the connection closes after the response). A server that is stopping closes the
        // inbound side itself: that is no client leaving, and the request is finished.
        let stopping = Flag()
        let (left, leaving) = AsyncStream<Void>.makeStream()
        do {
            // `next` does not outlive this call (the group is awaited before it returns), as in
            // Hummingbird's own consumeWithCancellationOnInboundClose.
            return try await withoutActuallyEscaping(next) { next in
                let handler = Unchecked(next)
                return try await withGracefulShutdownHandler {
                    try await request.body.consumeWithInboundCloseHandler({ body in
                        try await withThrowingTaskGroup(of: Response.self) { group in
                            group.addTask {
                                for await _ in left {}
                                throw CancellationError()
                            }
                            group.addTask {
                                var watched = request
                                watched.body = body
                                return try await collect(watched, context: context, next: handler.value)
                            }
                            defer { group.cancelAll() }
                            guard let response = try await group.next() else { throw CancellationError() }
                            leaving.finish()
                            return response
                        }
                    }, onInboundClosed: {
                        if !stopping.isSet { leaving.finish() }
                    })
                } onGracefulShutdown: {
                    stopping.set()
                }
            }
        } catch let cancelled as CancellationError {
            ServerMetrics.refused("client_left")
            throw cancelled
        }
    }

    private func collect(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
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

/// Set once, read from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// A value handed to a child task that the caller awaits before it returns (see its use).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
