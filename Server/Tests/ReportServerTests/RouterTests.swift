import Foundation
import Hummingbird
import HummingbirdTesting
import ReportServer
import Testing

/// The routes against the router itself (HummingbirdTesting): a job becomes a PDF, a history's
/// diagnostics come in the CLI's shape, a bad job is problem+json with its JSON paths, and a body
/// over the limit is 413.
@Suite struct RouterTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/examples/herbicide-pl.json")

    @Test func aJobBecomesAPDF() async throws {
        let app = Application(router: try ServerApplication.router())
        let job = try Data(contentsOf: Self.example)
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/reports?template=tank-card", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: job)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/pdf")
                #expect(Array(response.body.readableBytesView.prefix(5)) == Array("%PDF-".utf8))
            }
        }
    }

    @Test func aBadJobIsAProblemWithItsPaths() async throws {
        let app = Application(router: try ServerApplication.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/reports", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"{"version": 1, "field": {"area": {"value": -3, "unit": "ha"}}}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
                let text = String(buffer: response.body)
                #expect(text.contains("$.field.area"), "\(text)")
            }
        }
    }

    @Test func validateGivesTheCLIsDiagnostics() async throws {
        let app = Application(router: try ServerApplication.router())
        let job = try Data(contentsOf: Self.example)
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/validate?recordCheck=pl", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: job)) { response in
                #expect(response.status == .ok)
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(body["jobs"] as? Int == 1 && body["valid"] as? Int == 1)
                let diagnostics = try #require(body["diagnostics"] as? [[String: Any]])
                #expect(diagnostics.contains { $0["rule"] as? String == "record.pl" })
            }
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        let app = Application(router: try ServerApplication.router(bodyLimit: 1_000))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/validate", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(repeating: UInt8(ascii: " "), count: 5_000)) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test func templatesAndHealth() async throws {
        let app = Application(router: try ServerApplication.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/templates", method: .get) { response in
                #expect(String(buffer: response.body).contains("spray-report"))
            }
            try await client.execute(uri: "/v1/healthz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
