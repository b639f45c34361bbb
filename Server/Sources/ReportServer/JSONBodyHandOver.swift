import HTTPTypes
import OpenAPIRuntime

/// Keeps the generated code from decoding a JSON body that ReportKit reads itself.
///
/// The operations that take a job or a history read the body's exact bytes (``RawBody``): a report
/// attaches them, and ReportKit's reader says where a job is wrong by its JSON path. The
/// generated code would first decode the same JSON into an untyped value no handler reads: 2 % of
/// the server's CPU a report, and for a 16 MiB history a tree of values many times its size. It
/// is handed `null` instead (the document's schema for these bodies is `{}`, any JSON), so a body
/// that is not JSON is refused by ReportKit, with the line and column where it goes wrong.
struct JSONBodyHandOver: ServerMiddleware {
    static let operations: Set<String> = ["makeReport", "makeRecord", "makeBatch", "validateJobs"]

    func intercept(_ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.operations.contains(operationID), Self.isJSON(request.headerFields[.contentType]) else {
            return try await next(request, body, metadata)
        }
        return try await next(request, HTTPBody("null"), metadata)
    }

    /// `application/json`, with or without parameters: the type the generated code decodes.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json"
    }
}
