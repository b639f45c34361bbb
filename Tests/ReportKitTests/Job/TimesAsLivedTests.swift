import Foundation
import Testing
@testable import ReportKit

/// Times as the farmer lived them: UTC times (written with `Z`, and the app's) shown in the job's
/// zone (`timeZone`, `--time-zone`, Europe/Warsaw for a Polish job), each with its own offset
/// across a change to summer time; without a zone, marked "UTC" rather than read as local.
@Suite("Times as lived")
struct TimesAsLivedTests {
    static func job(_ fields: [String: Any], timeZone: TimeZoneRules? = nil) throws -> SprayJob {
        var object = baseJob()
        for (key, value) in fields { object[key] = value }
        return try JobDecoder.decodeJob(bytes(object), timeZone: timeZone).job
    }

    static func local(_ date: JobDate?) -> String {
        guard let date else { return "none" }
        let time = CivilTime(date.instant, offsetSeconds: date.utcOffsetSeconds)
        return "\(time.isoDate) \(CivilTime.digits(time.hour, 2)):\(CivilTime.digits(time.minute, 2)) \(date.utcOffsetSeconds / 3600)h"
            + (date.isUTC ? " UTC" : "")
    }

    @Test func aPolishJobInUTCIsShownInPoland() throws {
        // 22:30 UTC on 14 May is 00:30 on 15 May in Warsaw (summer time, UTC+2): the day changes.
        let job = try Self.job(["locale": "pl", "date": "2026-05-14T22:30:00Z"])
        #expect(Self.local(job.date) == "2026-05-15 00:30 2h" && job.timeZone == "Europe/Warsaw")
        #expect(BuiltInLocales.polish.text(try #require(job.date)) == "15\u{A0}maja\u{A0}2026, 00:30")
    }

    /// An end written in another offset (+00:00 on a Polish job) is shown on the start's clock:
    /// 07:10 at +00:00 is 09:10 in Warsaw, never "07:30–07:10".
    @Test func anEndInAnotherOffsetIsShownOnTheStartsClock() throws {
        let job = try Self.job(["locale": "pl", "date": "2026-04-14T07:30:00+02:00", "endDate": "2026-04-14T07:10:00+00:00"])
        #expect(Self.local(job.endDateAsShown) == "2026-04-14 09:10 2h")
        #expect(ReportData.applicationPeriod(job, locale: BuiltInLocales.polish)?.hasSuffix("07:30–09:10") == true,
                "\(ReportData.applicationPeriod(job, locale: BuiltInLocales.polish) ?? "")")
        // The offset the job's zone had at the end is the clock the end was lived on: kept.
        let night = try Self.job(["locale": "pl", "date": "2026-10-25T01:30:00+02:00", "endDate": "2026-10-25T02:30:00+01:00"])
        #expect(Self.local(night.endDateAsShown) == "2026-10-25 02:30 1h")
    }

    @Test func anEnglishJobInUTCSaysUTC() throws {
        let job = try Self.job(["date": "2026-05-14T22:30:00Z"])
        #expect(Self.local(job.date) == "2026-05-14 22:30 0h UTC" && job.timeZone == nil)
        #expect(BuiltInLocales.english.text(try #require(job.date)) == "14\u{A0}May\u{A0}2026, 22:30\u{A0}UTC")
    }

    @Test func theJobsOwnZoneComesFirstThenTheOptionsThenPolands() throws {
        let chicago = TimeZoneRules.named("America/Chicago")
        let own = try Self.job(["locale": "pl", "timeZone": "Europe/London", "date": "2026-05-14T22:30:00Z"], timeZone: chicago)
        #expect(Self.local(own.date) == "2026-05-14 23:30 1h")
        let option = try Self.job(["locale": "pl", "date": "2026-05-14T22:30:00Z"], timeZone: chicago)
        #expect(Self.local(option.date) == "2026-05-14 17:30 -5h")
        // A time written with its own offset is shown as written, whatever the zone.
        let written = try Self.job(["locale": "pl", "timeZone": "Europe/London", "date": "2026-05-14T07:30:00-04:00"])
        #expect(Self.local(written.date) == "2026-05-14 07:30 -4h")
    }

    @Test func acrossTheChangeToSummerTimeTheEndKeepsItsHour() throws {
        // 00:30–01:30 UTC on 29 March 2026: 01:30 winter time to 03:30 summer time in Warsaw.
        let job = try Self.job(["locale": "pl", "date": "2026-03-29T00:30:00Z", "endDate": "2026-03-29T01:30:00Z"])
        #expect(Self.local(job.date) == "2026-03-29 01:30 1h")
        #expect(Self.local(job.endDateAsShown) == "2026-03-29 03:30 2h")
        let line = try #require(RecordLine.lines(of: try SprayCalculator.plan(for: job)).first)
        #expect(line.startTime == "01:30:00" && line.utcOffset == "+01:00" && line.endTime == "03:30:00" && line.endUtcOffset == "+02:00")
    }

    @Test func anUnknownZoneIsRefusedWithItsPath() {
        var object = baseJob()
        object["timeZone"] = "Europe/Warsw"
        #expect(errorLines(decode(object)).contains { $0.contains("$.timeZone: \"Europe/Warsw\" is not a time zone") })
    }

    @Test func anAppEntryIsShownInTheZoneGiven() throws {
        // The app's seconds since 2001: 800,000,000 is 2026-05-09 06:13:20 UTC.
        let entry: [String: Any] = ["id": "a", "date": 800_000_000, "fieldArea": 2, "sprayRate": 200, "chemicalRate": 1, "tankCapacity": 1000]
        let utc = try JobDecoder.decodeJob(bytes(entry)).job
        #expect(Self.local(utc.date) == "2026-05-09 06:13 0h UTC")
        let warsaw = try JobDecoder.decodeJob(bytes(entry), timeZone: TimeZoneRules.named("Europe/Warsaw")).job
        #expect(Self.local(warsaw.date) == "2026-05-09 08:13 2h" && warsaw.timeZone == "Europe/Warsaw")
    }
}
