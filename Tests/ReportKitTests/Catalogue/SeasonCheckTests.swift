import Foundation
import Testing
@testable import ReportKit

/// "At most N treatments in the season": counted per holding, parcel, crop, calendar year and
/// product, in the order the applications were made, not the order they were written down.
@Suite("Treatments in a season")
struct SeasonCheckTests {
    private func job(_ date: String, parcel: String = "12/3", holding: String? = nil) throws -> SprayJob {
        var job = wheatJob(date: date)
        job["field"] = ["crop": "pszenica ozima", "area": ["value": 5, "unit": "ha"], "parcels": [["label": parcel]]]
        if let holding { job["holding"] = holding }
        return try #require(checked(job, try testCatalogue()).plan?.job)
    }

    @Test func theTreatmentBeyondTheLabelIsWarnedOfInDateOrder() throws {
        let jobs = [try job("2026-06-01T07:00:00+02:00"), try job("2026-04-20T07:00:00+02:00"), try job("2026-05-10T07:00:00+02:00")]
        let warnings = try testCatalogue().seasonWarnings(for: jobs)
        #expect(warnings[1].isEmpty && warnings[2].isEmpty)
        #expect(warnings[0].map(\.description)
                == ["$.products[0].name: test fungicide 250EC: treatment 3 on pszenica ozima in 2026 (12/3); the label allows 2 a season"])
        #expect(warnings[0].first?.notice == .treatmentsOverLabel(product: "test fungicide 250EC", count: 3, maximum: 2, place: "12/3"))
    }

    @Test func otherParcelsYearsAndHoldingsAreOtherSeasons() throws {
        let jobs = [
            try job("2026-04-20T07:00:00+02:00"), try job("2026-05-10T07:00:00+02:00"),
            try job("2026-06-01T07:00:00+02:00", parcel: "14"), try job("2027-04-20T07:00:00+02:00"),
            try job("2026-06-02T07:00:00+02:00", holding: "068800001"),
        ]
        #expect(try testCatalogue().seasonWarnings(for: jobs).allSatisfy(\.isEmpty))
    }

    @Test func aRecordWithACatalogueTellsTheSeasonsWarningsAndFillsTheNumbers() throws {
        let lines = [
            wheatJob(date: "2026-06-01T07:00:00+02:00"), wheatJob(date: "2026-04-20T07:00:00+02:00"), wheatJob(date: "2026-05-10T07:00:00+02:00"),
        ].map { String(decoding: bytes($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        var told: [(Int, [String])] = []
        var csv: [UInt8] = []
        let reader = try HistoryReaderTests.reader(lines, name: "season.jsonl")
        let summary = try RecordExporter(form: .data(.csv), catalogue: try testCatalogue()).export(reader, into: { csv += $0 }) { event in
            if case .beyondLabel(let entry, let warnings) = event { told.append((entry.index, warnings.map(\.message))) }
        }
        #expect(summary.lines == 3)
        #expect(told.map(\.0) == [0])
        #expect(told.first?.1.last?.contains("treatment 3") == true)
        let text = String(decoding: csv, as: UTF8.self)
        #expect(text.components(separatedBy: "R-1/2020").count == 4)
        #expect(text.contains(",35,2026-07-06,"))
    }
}
