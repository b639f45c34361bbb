import Hummingbird
import HTTPTypes
import Logging

/// One log line a request, with its id, method, path, status and time, and the id in the
/// response's `Request-Id`; never a query's values nor a byte of a job (no job data in logs).
package struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            var response = try await next(request, context)
            response.headers[.requestID] = context.id
            log(request, context: context, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func log(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(status)",
            "ms": "\((milliseconds * 10).rounded() / 10)",
        ])
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("Request-Id")!
}
