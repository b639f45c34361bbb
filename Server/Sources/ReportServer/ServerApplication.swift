import Foundation
import Hummingbird
import OpenAPIHummingbird

/// The server's application: the generated API, the drop page and the OpenAPI document, behind
/// the access log, the metrics, HTTP's own rules and security headers, the tokens and the body
/// limit (in that order, so that a request without a token is refused before its body is read).
package enum ServerApplication {
    package static func router(service: ReportService) throws -> ServerRouter {
        let router = Router()
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: HTTPSemanticsMiddleware())
        router.add(middleware: BearerTokenMiddleware(tokens: service.settings.tokens))
        router.add(middleware: QueryCheckMiddleware())
        router.add(middleware: RawBodyMiddleware(limit: service.settings.bodyLimit, timeout: service.settings.bodyTimeout,
                                                 cancelsWhenTheClientLeaves: service.settings.cancelsWhenTheClientLeaves))
        router.add(middleware: RequestErrorMiddleware())
        let api = ReportAPI(service: service)
        try api.registerHandlers(on: router, serverURL: URL(string: "/")!, middlewares: [JSONBodyHandOver()])
        DropRoutes.add(to: router, api: api)
        router.get("/openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"],
                     body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.text)))
        }
        return ServerRouter(router: router)
    }

    package static func router(settings: ServerSettings = ServerSettings()) throws -> ServerRouter {
        try router(service: ReportService(settings: settings))
    }
}

