import Foundation
import Testing
@testable import ReportKit

/// Numbers and texts at the edges of what a job may hold: each is refused with its path, or read
/// to what it says, never to a record of `inf`, a treated area of 0 or a BBCH range it did not give.
@Suite("Edge values of a job")
struct EdgeValueTests {
    static func job(_ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var object = try JSONSerialization.jsonObject(with: Data(JobRulesBothSidesTests.baseJSON.utf8)) as! [String: Any]
        change(&object)
        return [UInt8](try JSONSerialization.data(withJSONObject: object))
    }

    static func errors(_ bytes: [UInt8]) -> [Diagnostic] {
        do {
            _ = try JobDecoder.decodeJob(bytes)
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }
        }
    }

    @Test func aHugeCropAreaIsRefusedNotRecordedAsInfinity() throws {
        let bytes = try Self.job { JobRulesBothSidesTests.field(&$0, "cropArea", ["value": 1e308, "unit": "ha"]) }
        #expect(Self.errors(bytes).contains { $0.path.description == "$.field.cropArea.value" && $0.message.contains("largest crop area") },
                "\(Self.errors(bytes))")
    }

    @Test(arguments: [(Double.leastNonzeroMagnitude, "ha"), (0.5, "m2"), (0.000_09, "ha")])
    func anAreaTooSmallToPrintIsRefused(value: Double, unit: String) throws {
        let bytes = try Self.job { JobRulesBothSidesTests.field(&$0, "area", ["value": value, "unit": unit]) }
        #expect(Self.errors(bytes).contains { $0.path.description == "$.field.area.value" && $0.message.contains("smallest field area") },
                "\(Self.errors(bytes))")
    }

    @Test func theSmallestAreaIsAcceptedAndRecordedAsItIs() throws {
        let bytes = try Self.job { JobRulesBothSidesTests.field(&$0, "area", ["value": 1, "unit": "m2"]) }
        let plan = try #require(JobCheck(Result { () throws(InputError) in try JobDecoder.decodeJob(bytes) }).plan)
        let line = try #require(RecordLine.lines(of: plan).first)
        #expect(line.treatedArea > 0 && line.treatedArea.isFinite)
    }

    @Test func aBackwardsBBCHRangeInTheGrowthStageIsNotReadAsAStage() throws {
        let bytes = try Self.job { $0["growthStage"] = "BBCH 31–29" }
        let decoded = try JobDecoder.decodeJob(bytes)
        #expect(decoded.job.record.bbch == nil, "not 31–31")
        #expect(decoded.warnings.contains { $0.path.description == "$.growthStage" && $0.message.contains("BBCH") })
        let forward = try JobDecoder.decodeJob(try Self.job { $0["growthStage"] = "BBCH 29–31" })
        #expect(forward.job.record.bbch == BBCHStage(29, to: 31))
    }

    /// An end written in another offset (the app's UTC) reads on the start's clock everywhere:
    /// 06:00 UTC is 08:00 at +02:00, after a 07:30 start, never "07:30–06:00".
    @Test func anEndInAnotherOffsetReadsOnTheStartsClock() throws {
        let bytes = try Self.job {
            $0["date"] = "2026-05-14T07:30:00+02:00"
            $0["endDate"] = "2026-05-14T06:00:00Z"
            $0["operator"] = "Jan Kowalski"
        }
        let plan = try #require(JobCheck(Result { () throws(InputError) in try JobDecoder.decodeJob(bytes) }).plan)
        let line = try #require(RecordLine.lines(of: plan).first)
        #expect(line.startTime == "07:30:00" && line.endTime == "08:00:00" && line.utcOffset == "+02:00", "\(line)")
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for template in ["spray-report", "spray-register"] {
            let generator = try ReportGenerator(options: ReportOptions(template: template))
            let pdf = template == "spray-register"
                ? try #require(try generator.historyReport(of: [HistoryEntry(index: 0, id: nil, result: Result { () throws(InputError) in try JobDecoder.decodeJob(bytes) }, source: bytes)], source: nil).pdf)
                : try #require(try generator.report(from: bytes).pdf)
            let path = folder.appendingPathComponent("\(template).pdf")
            try Data(pdf).write(to: path)
            // The register's narrow date column may wrap after the dash.
            let text = try Tool.run(["pdftotext", path.path, "-"]).text.replacingOccurrences(of: "–\n", with: "–")
            #expect(text.contains("07:30–08:00") && !text.contains("07:30–06:00"), "\(template): \(text.prefix(600))")
        }
    }
}
