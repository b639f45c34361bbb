import Hummingbird
import HTTPTypes
import Logging

/// One log line a request, with its id, method, path, status and time, and the id in the
/// response's `Request-Id`; never a query's values nor a byte of a job (no job data in logs).
///
/// The id is 128 random bits, not Hummingbird's (a counter from a random start), so a client
/// comparing the ids of two of its requests learns nothing of how many others came between.
package struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let id = Self.randomID()
        do {
            var response = try await next(request, context)
            response.headers[.requestID] = id
            log(request, id: id, context: context, status: response.status.code, since: start)
            return response
        } catch {
            // 499, nginx's "client closed request": the client left and its work was cancelled.
            let status = error is CancellationError ? 499 : (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, id: id, context: context, status: status, since: start)
            throw error
        }
    }

    /// 32 hexadecimal digits from the system's random source.
    static func randomID() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()].map { (value: UInt64) in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    private func log(_ request: Request, id: String, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "request_id": "\(id)", "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(status)",
            "ms": "\((milliseconds * 10).rounded() / 10)",
        ])
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("Request-Id")!
}
