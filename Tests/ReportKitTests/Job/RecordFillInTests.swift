import Foundation
import Testing
@testable import ReportKit

/// What a season has once (holding, operator, licence, a field's parcels) fills the jobs that
/// leave it out, and never a job's own value; read from memory as from a file.
@Suite("Filling in a season's record")
struct RecordFillInTests {
    static let fillIn = RecordFillIn(holding: "068812345", operatorName: "Jan Kowalski", operatorLicence: "PL-2024-01234",
                                     parcelsByField: ["North 7": [Parcel(label: nil, cadastral: ["0212/3"])]])

    static func job(id: String, field: String, holding: String? = nil) -> String {
        let holding = holding.map { #", "holding": "\#($0)""# } ?? ""
        return #"{"version": 1, "id": "\#(id)", "field": {"name": "\#(field)", "area": {"value": 1, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 100, "unit": "L"}}, "products": [{"name": "P", "rate": {"value": 1, "unit": "L/ha"}}]\#(holding)}"#
    }

    @Test func aSeasonInMemoryIsFilledWhereItIsSilent() throws {
        let lines = [Self.job(id: "a", field: "North 7"), Self.job(id: "b", field: "South", holding: "999")].joined(separator: "\n")
        let file = try #require(InputFile(bytes: Array(lines.utf8)))
        let reader = try HistoryReader(handle: file, name: "season.jsonl")
        reader.fillIn = Self.fillIn
        var jobs: [SprayJob] = []
        while let item = try reader.next() { jobs.append(try item.decode().result.get().job) }
        #expect(jobs.map(\.record.holding) == ["068812345", "999"], "a job's own holding wins")
        #expect(jobs.map(\.record.operatorName) == ["Jan Kowalski", "Jan Kowalski"])
        #expect(jobs.map(\.record.operatorLicence) == ["PL-2024-01234", "PL-2024-01234"])
        #expect(jobs[0].field.parcels.map(\.cadastral) == [["0212/3"]])
        #expect(jobs[1].field.parcels.isEmpty, "parcels go to the field they were given for only")
    }

    @Test func aFilledValueIsHeldToTheLimitsOfTheJobsOwn() throws {
        let long = RecordFillIn(holding: String(repeating: "9", count: 5_000))
        let result = JobDecoder.decodeEntry(try JSONParser.parse(Array(Self.job(id: "a", field: "F").utf8)), at: .root, fillIn: long)
        guard case .failure(let error) = result else {
            Issue.record("a holding of 5,000 characters was accepted")
            return
        }
        #expect(error.diagnostics.contains { $0.path.description.contains("holding") }, "\(error)")
    }
}
