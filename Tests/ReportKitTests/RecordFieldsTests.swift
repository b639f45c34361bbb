import Foundation
import Testing
@testable import ReportKit

/// The v1 fields of the legal record (Regulation (EU) 2023/564): read into the job, checked as
/// strictly as the rest, every error with its JSON path.
@Suite("Record fields of the input")
struct RecordFieldsTests {
    private func job(_ changes: [(String, String)]) -> Result<DecodedJob, InputError> {
        decode(changes.reduce(baseJob()) { setting($0, $1.0, json: $1.1) })
    }

    @Test func everyRecordFieldIsRead() throws {
        let read = try job([
            ("date", #""2026-04-14T07:30:00+02:00""#), ("endDate", #""2026-04-14T09:10:00+02:00""#),
            ("field.cropCode", #""TRZAW""#), ("field.cropArea", #"{"value": 14, "unit": "ha"}"#),
            ("field.parcels", #"[{"label": "A", "cadastral": ["0212/3", "0212/4"]}, {"cadastral": ["0213/1"]}]"#),
            ("bbch", "[29, 31]"), ("targetCodes", #"["MATCH", "1TRZG"]"#), ("operatorLicence", #""PL-1""#),
            ("holding", #""068812345""#), ("equipment", #""Amazone UX 4200""#),
        ]).get().job
        #expect(read.endDate?.instant == Date(timeIntervalSince1970: 1_776_150_600))
        #expect(read.field.cropCode == "TRZAW")
        #expect(read.field.cropArea == Quantity(14, AreaUnit.hectare))
        #expect(read.field.parcels == [Parcel(label: "A", cadastral: ["0212/3", "0212/4"]), Parcel(label: nil, cadastral: ["0213/1"])])
        #expect(read.record.bbch == BBCHStage(29, to: 31))
        #expect(read.record.targetCodes == ["MATCH", "1TRZG"])
        #expect(read.record.operatorLicence == "PL-1")
        #expect(read.record.holding == "068812345")
        #expect(read.record.equipment == "Amazone UX 4200")
    }

    @Test func aGrowthStageInWordsGivesItsBBCHCode() throws {
        #expect(try job([("growthStage", #""BBCH 31""#)]).get().job.record.bbch == BBCHStage(31))
        #expect(try job([("growthStage", #""faza BBCH 29–32, krzewienie""#)]).get().job.record.bbch == BBCHStage(29, to: 32))
        #expect(try job([("growthStage", #""early tillering""#)]).get().job.record.bbch == nil)
        // A code given wins over the words.
        #expect(try job([("growthStage", #""BBCH 31""#), ("bbch", "32")]).get().job.record.bbch == BBCHStage(32))
    }

    @Test("each mistake is refused with its path and what is expected", arguments: [
        ("field.cropCode", #""trzaw""#, "$.field.cropCode: \"trzaw\" is not an EPPO code"),
        ("targetCodes", #"["ALOMY", "AB"]"#, "$.targetCodes[1]: \"AB\" is not an EPPO code"),
        ("bbch", "100", "$.bbch: 100 is not a BBCH stage; expected a whole number from 0 to 99"),
        ("bbch", "[37, 31]", "$.bbch: the range [37, 31] runs backwards"),
        ("bbch", "[31, 32, 33]", "$.bbch: has 3 stages"),
        ("field.cropArea", #"{"value": 10, "unit": "ha"}"#, "$.field.cropArea: the crop's area is smaller than the treated area"),
        ("field.parcels", "[{}]", "$.field.parcels[0]: names no parcel"),
        ("endDate", #""2026-04-14T09:00:00+02:00""#, "$.endDate: needs \"date\""),
        ("holding", "12", "$.holding"),
    ])
    func mistakesAreNamed(_ key: String, _ value: String, _ message: String) {
        let lines = errorLines(job([(key, value)]))
        #expect(lines.contains { $0.contains(message) }, "\(lines)")
    }

    @Test func anEndBeforeTheStartIsRefused() {
        let lines = errorLines(job([("date", #""2026-04-14T09:00:00+02:00""#), ("endDate", #""2026-04-14T08:00:00+02:00""#)]))
        #expect(lines == ["$.endDate: ends before the application starts (\"date\"); expected a time after it"])
    }

    @Test func theFieldsStayOptional() throws {
        let plain = try job([]).get().job
        #expect(plain.endDate == nil && plain.field.parcels.isEmpty && plain.record.isEmpty)
    }
}
