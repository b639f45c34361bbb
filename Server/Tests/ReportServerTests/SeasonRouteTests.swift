import Foundation
import Hummingbird
import HTTPTypes
import ReportKit
import ReportServer
import Testing
import ZIPFoundation

/// A season over HTTP: its record is the one report-gen writes, its ZIP holds what was asked
/// for and a summary of what each record lacks, and a history over the job limit is refused.
@Suite struct SeasonRouteTests {
    static let season = { try! Repository.file("Tests/Batch/season.jsonl") }()
    static let history = { try! Repository.file("docs/examples/app/history.json") }()

    /// The record as `report-gen record` makes it: the same library call on the same bytes.
    static func record(_ bytes: Data, format: RecordFormat, check: RecordJurisdiction? = nil) throws -> [UInt8] {
        var record: [UInt8] = []
        _ = try RecordExporter(form: .data(format), check: check).export(try HistoryReader(handle: InputFile(bytes: Array(bytes))!, name: nil),
                                                                         into: { record += $0 })
        return record
    }

    @Test func theRecordIsReportGensRecord() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/records?format=csv&recordCheck=pl", method: .post, headers: [.contentType: "application/x-ndjson"],
                                     body: ByteBuffer(bytes: Self.season)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/csv") == true)
                let record = try Self.record(Self.season, format: .csv, check: .pl)
                #expect(Array(response.body.readableBytesView) == record)
                #expect(Int(response.headers[HTTPField.Name("Record-Lines")!] ?? "") ?? 0 > 0)
            }
            try await client.execute(uri: "/v1/records?format=register&locale=pl", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: Self.history)) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView.prefix(5)) == Array("%PDF-".utf8))
            }
            try await client.execute(uri: "/v1/records?format=xlsx", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: Self.history)) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView.prefix(2)) == Array("PK".utf8), "an XLSX is a ZIP")
            }
            try await client.execute(uri: "/v1/records?format=json", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: Self.history)) { response in
                let served = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? NSDictionary
                let made = try JSONSerialization.jsonObject(with: Data(try Self.record(Self.history, format: .json))) as? NSDictionary
                #expect(served != nil && served == made, "the same record, value for value")
            }
        }
    }

    @Test func aSeasonZIPHoldsWhatWasAskedFor() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/batches?locale=pl", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: Self.history)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/zip")
                let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
                let paths = archive.map(\.path)
                let jobs = try JSONSerialization.jsonObject(with: Self.history) as? [Any]
                #expect(paths.filter { $0.hasPrefix("reports/") }.count == jobs?.count)
                #expect(paths.filter { $0.hasPrefix("tank-cards/") }.count == jobs?.count)
                for name in ["register.pdf", "record.csv", "record.json", "summary.txt", "summary.json"] { #expect(paths.contains(name), "\(name)") }
                var summary = Data()
                _ = try archive.extract(try #require(archive["summary.txt"])) { summary += $0 }
                let text = String(decoding: summary, as: UTF8.self)
                #expect(text.contains("Ewidencja w Polsce"), "\(text)")
                #expect(text.contains("numery działek ewidencyjnych"), "what the Polish record lacks, in words")
            }
            try await client.execute(uri: "/v1/batches?outputs=csv,register", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: Self.history)) { response in
                let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
                #expect(Set(archive.map(\.path)) == ["record.csv", "register.pdf", "summary.txt", "summary.json"])
            }
        }
    }

    @Test func aHistoryOverTheJobLimitIsRefused() async throws {
        try await testApp(.with { $0.jobsPerBatch = 2 }).test(.router) { client in
            for uri in ["/v1/batches", "/v1/records"] {
                try await client.execute(uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: Self.history)) { response in
                    #expect(response.status == .contentTooLarge, "\(uri)")
                    #expect(String(buffer: response.body).contains("at most 2"))
                }
            }
        }
    }

    @Test func aHistoryWithoutAValidJobIsAProblemNamingEachEntry() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/batches", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"[{"fieldArea": -1}, {"version": 1}]"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("$[0].fieldArea"))
            }
        }
    }

    /// A history with no valid job is refused as the CLI refuses it, not answered with an
    /// empty record (200).
    @Test func aHistoryWithNoValidJobIsNoRecord() async throws {
        try await testApp().test(.router) { client in
            let invalid = ByteBuffer(string: #"[{"version": 1, "field": {"area": {"value": -3, "unit": "ha"}}}]"#)
            try await client.execute(uri: "/v1/records?format=csv", method: .post, headers: [.contentType: "application/json"], body: invalid) { response in
                #expect(response.status == .unprocessableContent, "\(response.status)")
                #expect(String(buffer: response.body).contains("none of the history"))
            }
        }
    }
}
