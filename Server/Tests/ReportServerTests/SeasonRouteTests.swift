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

    /// A German season's ZIP, asked for in German and checked for the German record: a summary in
    /// German words, the German record's gaps among them (the applicator's name).
    @Test func aGermanSeasonIsSummedUpInGerman() async throws {
        let lines = String(decoding: try Repository.file("docs/examples/season-de.jsonl"), as: UTF8.self).split(separator: "\n")
        var jobs = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        jobs[1]["operator"] = nil
        let history = try JSONSerialization.data(withJSONObject: Array(jobs.prefix(2)))
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/batches?locale=de&recordCheck=de&outputs=csv", method: .post,
                                     headers: [.contentType: "application/json"], body: ByteBuffer(bytes: history)) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
                var summary = Data()
                _ = try archive.extract(try #require(archive["summary.txt"])) { summary += $0 }
                let text = String(decoding: summary, as: UTF8.self)
                #expect(text.hasPrefix("Zusammenfassung der Saison: 2 Einträge, 2 gültige Anwendungen."), "\(text)")
                #expect(text.contains("Deutsche Aufzeichnung (PflSchG § 11): vollständig"), "the first job lacks nothing: \(text)")
                #expect(text.contains("- der Name des Anwenders"), "the second lacks its applicator, in German words: \(text)")
            }
        }
    }

    /// A job that decodes but cannot be planned (its liquid products take more than the spray
    /// volume) is no job for the season, as for `report-gen record`: left out of the reports with
    /// its reason in the summary, where it used to fail the whole season.
    @Test func aJobWhosePlanFailsIsLeftOutWithItsReason() async throws {
        let job = try #require(try JSONSerialization.jsonObject(with: try Repository.file("docs/examples/herbicide-pl.json")) as? [String: Any])
        var overflowing = job
        overflowing["sprayRate"] = ["value": 1, "unit": "L/ha"]
        let history = try JSONSerialization.data(withJSONObject: [job, overflowing])
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/batches?outputs=reports,csv", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(bytes: history)) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
                #expect(archive.filter { $0.path.hasPrefix("reports/") }.count == 1)
                var summary = Data()
                _ = try archive.extract(try #require(archive["summary.json"])) { summary += $0 }
                let entries = try #require((try JSONSerialization.jsonObject(with: summary) as? [String: Any])?["entries"] as? [[String: Any]])
                #expect(entries.map { $0["valid"] as? Bool } == [true, false])
                // In the summary's language, the first job's (Polish), as the rest of the summary.
                #expect((entries.last?["problems"] as? [String])?.first?.contains("więcej niż 1 L/ha cieczy użytkowej") == true, "\(entries.last ?? [:])")
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
