import Hummingbird
import OpenAPIRuntime

/// A request the generated code cannot read (a body that is not JSON, a query value outside its
/// enum, a content type the operation does not take) is the client's mistake: 400 problem+json
/// with what was wrong, rather than the runtime's bare 500.
package struct RequestErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServerError where error.underlyingError is CancellationError {
            // The client left and its work was cancelled: no one to answer, nothing to count here.
            throw CancellationError()
        } catch let error as ServerError where error.operationOutput == nil {
            ServerMetrics.refused("input")
            return ProblemResponse.make(status: .badRequest, title: "The request cannot be read",
                                        detail: "\(error.underlyingError)")
        } catch let error as ServerError {
            context.logger.error("the response could not be written", metadata: ["cause": "\(error.causeDescription)"])
            ServerMetrics.refused("internal")
            return ProblemResponse.make(status: .internalServerError, title: "Internal error", detail: error.causeDescription)
        }
    }
}
