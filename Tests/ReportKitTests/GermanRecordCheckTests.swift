import Foundation
import Testing
@testable import ReportKit

/// `--record-check de`: the EU Annex's items with their German names, the applicator's name
/// (PflSchG § 11 Abs. 2), a FLIK and a BVL number in the forms ../shared/record-keeping-de.md
/// gives, and the 30 days within which the record is made.
@Suite("The German record check")
struct GermanRecordCheckTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func job(_ changes: (inout [String: Any]) -> Void = { _ in }) throws -> SprayJob {
        let example = repository.appendingPathComponent("docs/examples/fungicide-de.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as? [String: Any])
        changes(&json)
        return try JobDecoder.decodeJob(Array(try JSONSerialization.data(withJSONObject: json))).job
    }

    static func codes(_ job: SprayJob) -> [String] {
        RecordJurisdiction.de.missing(in: job).compactMap(\.code)
    }

    @Test func theGermanExampleLacksNothing() throws {
        #expect(Self.codes(try Self.job()) == [])
    }

    @Test func aJobWithoutItsApplicatorsNameIsToldInGermanTermsToo() throws {
        let missing = RecordJurisdiction.de.missing(in: try Self.job { $0["operator"] = nil; $0["field"] = ["area": ["value": 3, "unit": "ha"]] })
        #expect(missing.compactMap(\.code) == ["record.de.applicator", "record.de.parcels", "record.de.crop", "record.de.crop-code"])
        #expect(missing.first?.message.contains("Name des Anwenders") == true, "\(missing.first?.message ?? "")")
        #expect(missing.first?.path.description == "$.operator")
    }

    @Test(arguments: [
        ("DEBBLI0260100301", true), ("DESHLIF040600001", true), ("DEBYLI1234000221", true),
        ("DEBBXX0260100301", false), ("DEBBLI02601003", false), ("DEBBLI026010030a", false),
        ("Am Weiher", true), ("Großer Schlag", true), ("DE-Nord 7", true),
    ])
    func aParcelThatBeginsAsAFLIKMustBeOne(label: String, accepted: Bool) throws {
        let job = try Self.job { $0["field"] = ["crop": "Winterweizen", "cropCode": "TRZAW", "area": ["value": 3, "unit": "ha"], "parcels": [["label": label]]] }
        #expect(Self.codes(job) == (accepted ? [] : ["record.de.flik"]), "\(label)")
    }

    @Test(arguments: [
        ("024485-00", true), ("026488-60", true), ("4395-00", true), ("006488-00", true), ("GP-12345", true),
        ("R-12/2019", false), ("024485", false), ("24485-00", false), ("024485-0", false), ("62719-695", false),
    ])
    func authorisationNumbersInAFormTheBVLDoesNotGiveAreWarnedOfNeverRefused(number: String, accepted: Bool) throws {
        let job = try Self.job { json in
            var products = json["products"] as! [[String: Any]]
            products[0]["authorisation"] = number
            json["products"] = products
        }
        #expect(Self.codes(job) == (accepted ? [] : ["record.de.authorisation-form"]), "\(number)")
    }

    @Test func aRecordMadeMoreThanThirtyDaysAfterTheApplicationIsFlagged() throws {
        // The application ended 06.05.2026 09:10 (+02:00).
        #expect(Self.codes(try Self.job { $0["recordedAt"] = "2026-06-05T09:00:00+02:00" }) == [], "29 days and 23 hours")
        #expect(Self.codes(try Self.job { $0["recordedAt"] = "2026-06-05T09:10:00+02:00" }) == [], "30 days to the minute")
        let late = RecordJurisdiction.de.missing(in: try Self.job { $0["recordedAt"] = "2026-06-20T08:00:00+02:00" })
        #expect(late.compactMap(\.code) == ["record.de.recorded-late"])
        #expect(late.first?.message.contains("44 days") == true, "\(late.first?.message ?? "")")
    }

    @Test func theCommandLineTakesTheGermanCheck() throws {
        let example = Self.repository.appendingPathComponent("docs/examples/fungicide-de.json").path
        let walk = try HistoryWalk(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: example))), name: example, record: .de)
        let entry = try #require(try walk.next())
        #expect(entry.records().isEmpty)
    }

    /// The target is recommended, not required: a hint of its own code, which no check counts.
    @Test func theTargetIsAHintNotAGap() throws {
        let job = ParcelLocationTests.job(parcels: #"[{"flik": "DEBBLI0260100301"}]"#)
        let check = JobCheck(Result { () throws(InputError) in try JobDecoder.decodeJob(job) }, record: .de)
        #expect(check.missing.isEmpty, "\(check.missing)")
        let records = check.records(record: .de)
        let hint = try #require(records.first { $0.code == "record.de.target" }, "\(records)")
        #expect(hint.severity == .hint && hint.rule == "record.de" && hint.path == "$.target")
        let withTarget = JobCheck(Result { () throws(InputError) in
            try JobDecoder.decodeJob(Array(String(decoding: job, as: UTF8.self).replacing(#""operator""#, with: #""target": "Septoria", "operator""#).utf8))
        }, record: .de)
        #expect(withTarget.suggestions.allSatisfy { $0.code != "record.de.target" })
        #expect(JobCheck(Result { () throws(InputError) in try JobDecoder.decodeJob(job) }, record: .pl).suggestions.allSatisfy { $0.code != "record.de.target" })
    }
}
