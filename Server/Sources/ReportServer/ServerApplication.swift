package import Foundation
package import Hummingbird
package import OpenAPIHummingbird

/// The server's application: the generated routes under `/v1`, behind the body limit.
package enum ServerApplication {
    /// The largest request body read (a season of the app's history is far smaller).
    package static let defaultBodyLimit = 16 << 20

    package static func router(bodyLimit: Int = defaultBodyLimit) throws -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RawBodyMiddleware(limit: bodyLimit))
        try ReportAPI().registerHandlers(on: router, serverURL: URL(string: "/v1")!)
        return router
    }

    package static func application(host: String = "127.0.0.1", port: Int = 8080, bodyLimit: Int = defaultBodyLimit) throws -> some ApplicationProtocol {
        Application(router: try router(bodyLimit: bodyLimit), configuration: .init(address: .hostname(host, port: port)))
    }
}
