package import Hummingbird
package import NIOCore

/// The request's bytes as the client sent them, collected before any handler runs: a job keeps
/// its exact bytes (a report attaches them, `extract` gives them back), and a body over the limit
/// is refused with 413 while it is still arriving, never read whole.
package enum RawBody {
    @TaskLocal package static var bytes: [UInt8] = []
}

/// Collects the body up to `limit` bytes into ``RawBody/bytes`` for the handlers.
package struct RawBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    package let limit: Int

    package init(limit: Int) { self.limit = limit }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        return try await RawBody.$bytes.withValue(Array(buffer.readableBytesView)) {
            try await next(request, context)
        }
    }
}
