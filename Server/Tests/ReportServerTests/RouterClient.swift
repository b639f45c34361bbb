import Hummingbird
import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import ReportServer

/// The server's router answering requests directly, with no socket: what HummingbirdTesting's
/// `.router` mode does, written here because that product also brings its live-server clients
/// (AsyncHTTPClient, NIOSSL, swift-certificates and two copies of BoringSSL, compiled on every
/// clean build) that these tests never use. The real sockets are the end-to-end tests' (pytest).
struct RouterTestApp {
    enum Mode { case router }

    let router: ServerRouter

    func test<Value>(_ mode: Mode, _ body: (RouterClient) async throws -> Value) async throws -> Value {
        try await body(RouterClient(responder: router.buildResponder()))
    }
}

/// A response as the tests read it.
struct RouterTestResponse {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
}

struct RouterClient {
    let responder: HeadAsGetResponder

    /// Sends one request through every middleware and route, and hands `check` the response.
    @discardableResult
    func execute<Value>(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
                        _ check: (RouterTestResponse) async throws -> Value) async throws -> Value {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
                              body: RequestBody(buffer: body ?? ByteBuffer()))
        // The server gives every request's logger its id (`hb.request.id`), which the access log reads.
        var logger = Logger(label: "router-test")
        logger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID())
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            // What the server answers an error no middleware turned into a response.
            response = Response(status: .internalServerError)
        }
        let collected = CollectedBody()
        try await response.body.write(CollectingWriter(collected: collected))
        return try await check(RouterTestResponse(status: response.status, headers: response.headers, body: collected.bytes))
    }

    /// The response itself, for a test that reads it afterwards.
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> RouterTestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: body) { $0 }
    }
}

/// The bytes a response body writes, kept where the test reads them (the writer is consumed).
private final class CollectedBody: @unchecked Sendable {
    var bytes = ByteBuffer()
}

private struct CollectingWriter: ResponseBodyWriter {
    let collected: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collected.bytes.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
