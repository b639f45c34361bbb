import Hummingbird

/// Refuses a request whose query does not hold to the OpenAPI document (``QueryRules``), before
/// its body is read or any work is done: 400 problem+json naming the parameter and what it
/// takes ("query parameter theme: expected light or dark, got \"nope\"").
package struct QueryCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let rules: QueryRules

    package init(rules: QueryRules = .document) {
        self.rules = rules
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        if let problem = rules.problem(path: request.uri.path, query: query) {
            ServerMetrics.refused("input")
            return ProblemResponse.make(status: .badRequest, title: "A query parameter is not one this route takes", detail: problem)
        }
        return try await next(request, context)
    }
}
