import Foundation
import Testing
@testable import ReportKit

/// What a person adds to one job of a history (the drop page's per-job form) reaches that job
/// only, fills only what it leaves out, keeps parcels and their numbers together, places an end
/// time on the clock the farmer read, and is held to the rules of a job's own values.
@Suite("Answers to one job of a history")
struct JobAnswersTests {
    /// The app's export: two entries, no field, crop or product name. 797846400 s after
    /// 2001-01-01 is 2026-04-14T08:00:00Z.
    static let history = #"[{"id": "a", "date": 797846400, "fieldArea": 15, "areaUnit": "ha", "sprayRate": 150, "chemicalRate": 1.5, "tankCapacity": 800},"#
        + #" {"id": "b", "date": 797846400, "fieldArea": 250, "areaUnit": "ar", "sprayRate": 200, "chemicalRate": 1.2, "tankCapacity": 600}]"#

    static func jobs(_ answers: [Int: JobAnswers], zone: String? = "Europe/Warsaw") throws -> [Result<DecodedJob, InputError>] {
        let document = try JobDecoder.decodeDocument(Array(history.utf8), timeZone: zone.flatMap { TimeZoneRules.named($0) },
                                                     fillIn: RecordFillIn(answers: answers))
        guard case .history(let entries) = document else { throw InputError(at: .root, "not a history") }
        return entries.map(\.result)
    }

    @Test func answersReachTheirEntryOnly() throws {
        let answers = JobAnswers(fieldName: "Za stodołą", crop: "pszenica ozima", cropCode: "TRZAW", cropArea: Quantity(20.5, .hectare),
                                 target: "chwasty", bbch: BBCHStage(31, to: 32),
                                 products: [0: .init(name: "Chwastox Extra 300 SL", authorisation: "R-108/2015")])
        let results = try Self.jobs([1: answers])
        let untouched = try results[0].get().job
        #expect(untouched.field.name == nil && untouched.products[0].name == nil)
        let job = try results[1].get().job
        #expect(job.field.name == "Za stodołą" && job.field.crop == "pszenica ozima" && job.field.cropCode == "TRZAW")
        #expect(job.products[0].name == "Chwastox Extra 300 SL" && job.products[0].authorisation == "R-108/2015")
        #expect(job.record.target == "chwasty" && job.record.bbch == BBCHStage(31, to: 32))
        #expect(job.field.cropArea == Quantity(20.5, .hectare), "in its own unit beside a field in ares")
    }

    @Test func aJobsOwnValueWins() throws {
        let job = try JobDecoder.decodeJob(Array(#"{"version": 1, "field": {"name": "North", "crop": "rye", "area": {"value": 1, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 100, "unit": "L"}}, "products": [{"name": "P", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8)).job
        let answered = JobAnswers(fieldName: "South", crop: "wheat", products: [0: .init(name: "Q", authorisation: "R-1/2020")]).filling(job)
        #expect(answered.field.name == "North" && answered.field.crop == "rye" && answered.products[0].name == "P")
        #expect(answered.products[0].authorisation == "R-1/2020", "what the job leaves out is filled")
    }

    @Test func anEndTimeIsReadOnTheFarmersClock() throws {
        // 08:00Z is 10:00 in Warsaw (CEST, UTC+2) on 14 April: an end of 14:30 there is 12:30Z.
        let job = try Self.jobs([0: JobAnswers(endMinuteOfDay: 14 * 60 + 30)])[0].get().job
        let end = try #require(job.endDate)
        #expect(end.instant == Date(timeIntervalSince1970: 1_776_169_800), "\(end.instant)")
        #expect(end.utcOffsetSeconds == 7_200)
        // An end before the start is the next morning's: 01:15 in Warsaw on 15 April is 23:15Z on the 14th.
        let overnight = try #require(try Self.jobs([0: JobAnswers(endMinuteOfDay: 75)])[0].get().job.endDate)
        #expect(overnight.instant == Date(timeIntervalSince1970: 1_776_208_500), "\(overnight.instant)")
    }

    @Test func parcelsKeepTheirNumbers() throws {
        let parcels = [Parcel(label: "A", cadastral: ["0212/3", "0212/4"]), Parcel(label: "B", cadastral: ["0213/1"])]
        let job = try Self.jobs([0: JobAnswers(parcels: parcels)])[0].get().job
        #expect(job.field.parcels == parcels)
    }

    @Test func anAnswerIsHeldToTheRulesOfTheJobsOwn() throws {
        // The crop's area must hold the area treated: 0.2 ha does not hold 250 a.
        let results = try Self.jobs([1: JobAnswers(cropArea: Quantity(0.2, .hectare)), 0: JobAnswers(cropCode: "wheat")])
        guard case .failure(let tooSmall) = results[1], case .failure(let notACode) = results[0] else {
            Issue.record("answers outside the rules were taken")
            return
        }
        #expect(tooSmall.diagnostics.map(\.path.description) == ["$[1].field.cropArea"], "\(tooSmall)")
        #expect(notACode.diagnostics.map(\.path.description) == ["$[0].field.cropCode"], "\(notACode)")
    }
}

/// A report made with answers carries them in its record, not its job; read back, they complete
/// the job as the report prints it, so the report passes the Polish record check its job alone
/// fails.
@Suite("The facts a report's record adds to its job")
struct AttachedRecordFactsTests {
    @Test func aReportsRecordCompletesItsJob() throws {
        let entry = #"{"id": "a", "date": 797846400, "fieldArea": 15, "areaUnit": "ha", "sprayRate": 150, "chemicalRate": 1.5, "tankCapacity": 800}"#
        let answers = JobAnswers(fieldName: "Za stodołą", crop: "pszenica ozima", cropCode: "TRZAW", cropArea: Quantity(20.5, .hectare),
                                 parcels: [Parcel(label: "12A", cadastral: ["0212/3"])], target: "chwasty",
                                 products: [0: .init(name: "Chwastox Extra 300 SL", authorisation: "R-108/2015")])
        var options = ReportOptions()
        options.fillIn = RecordFillIn(holding: "068812345", answers: [0: answers])
        let pdf = try #require(try ReportGenerator(options: options).report(from: Array(entry.utf8)).pdf)
        let attachments = try PDFAttachmentReader.attachments(in: pdf, name: "report.pdf", relationships: [.source, .data])
        let job = try #require(attachments.first { $0.name == "job.json" })
        #expect(AttachedRecordCheck.contradictions(in: attachments).isEmpty)

        let alone = try JobDecoder.decodeJob(job.bytes)
        #expect(!JobCheck(.success(alone), record: .pl).missing.isEmpty, "the entry as read lacks the Polish items")
        let facts = try #require(AttachedRecordFacts.fillIn(from: attachments))
        let completed = try JobDecoder.decodeDocument(job.bytes, fillIn: facts)
        guard case .job(let decoded) = completed else { throw InputError(at: .root, "not one job") }
        #expect(JobCheck(.success(decoded), record: .pl).missing.map(\.description) == [])
        #expect(decoded.job.field.parcels == [Parcel(label: "12A", cadastral: ["0212/3"])] && decoded.job.record.holding == "068812345")
    }

    /// A record is untrusted input: a stage no BBCH scale has is not taken (nor does it trap).
    @Test func anImpossibleStageInARecordIsNoFact() throws {
        let record = #"{"format": "reportkit-record/2", "lines": [{"bbch": {"from": 1e30, "to": 1e30}, "crop": "rye"}]}"#
        let attachments = [PDFAttachment(name: "record.json", description: "record", relationship: .data, bytes: Array(record.utf8))]
        let facts = try #require(AttachedRecordFacts.fillIn(from: attachments))
        #expect(facts.answers[0]?.bbch == nil && facts.answers[0]?.crop == "rye")
    }
}

/// "Same as the job above": a job's own answers first, the earlier job's where it gives none,
/// never the earlier job's end time.
@Suite("Answers merged over an earlier job's")
struct JobAnswersMergeTests {
    @Test func ownAnswersWinAndTheEndTimeIsNeverTaken() {
        let earlier = JobAnswers(fieldName: "North 7", crop: "rye", cropArea: Quantity(20.5, .hectare), target: "weeds", endMinuteOfDay: 600,
                                 products: [0: .init(name: "P", authorisation: "R-1/2020", activeIngredients: ["a"]), 1: .init(name: "Q")])
        let own = JobAnswers(crop: "wheat", products: [0: .init(authorisation: "R-2/2021")])
        let merged = own.merged(over: earlier)
        #expect(merged.fieldName == "North 7" && merged.crop == "wheat" && merged.target == "weeds")
        #expect(merged.cropArea == Quantity(20.5, .hectare), "with its unit")
        #expect(merged.endMinuteOfDay == nil)
        #expect(merged.products[0] == .init(name: "P", authorisation: "R-2/2021", activeIngredients: ["a"]))
        #expect(merged.products[1] == .init(name: "Q"))
    }
}
