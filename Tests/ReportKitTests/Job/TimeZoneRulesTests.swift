import CLITestSupport
import Foundation
import Testing
@testable import ReportKit

/// The time zone reader against an independent one: Python's `zoneinfo`, which reads the same
/// system database its own way, over instants from 1900 to 2100 (past the last transition a file
/// lists, where the footer's rule decides), around every daylight-saving change of 2026 and 2090.
@Suite("Time zones from the system database")
struct TimeZoneRulesTests {
    static let zones = ["Europe/Warsaw", "Europe/Berlin", "America/New_York", "America/Chicago", "Australia/Sydney",
                        "Europe/Dublin", "Asia/Kolkata", "Pacific/Chatham", "America/Sao_Paulo", "UTC"]
    /// Every day, one zone of each kind the reader must get right (a European rule, a southern
    /// one with a 45-minute offset, one whose rules ended); every zone in the slow step.
    static let zonesToday = TestRun.isFull ? zones : ["Europe/Warsaw", "Pacific/Chatham", "America/Sao_Paulo"]

    @Test(arguments: zonesToday)
    func offsetsAgreeWithPythonsZoneinfo(zone: String) throws {
        let rules = try #require(TimeZoneRules.named(zone), "no zone \(zone)")
        // Every 6 days and 7 hours from 1900 to 2100, and every hour of the weeks around the changes.
        var instants = stride(from: Int64(-2_208_988_800), to: 4_102_444_800, by: 6 * 86_400 + 7 * 3_600).map { $0 }
        for year in [2026, 2090] {
            let start = Int64(CivilTime(year: year, month: 1, day: 1).utcInstant!.timeIntervalSince1970)
            instants += stride(from: start, to: start + 366 * 86_400, by: 1_800).map { $0 }
        }
        let script = """
            import sys, zoneinfo, datetime
            z = zoneinfo.ZoneInfo(sys.argv[1])
            for line in sys.stdin:
                t = datetime.datetime.fromtimestamp(int(line), tz=datetime.timezone.utc)
                print(int(t.astimezone(z).utcoffset().total_seconds()))
            """
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString)")
        try instants.map(String.init).joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try Tool.run(["sh", "-c", "python3 -c \"$0\" \"$1\" < \"$2\"", script, zone, input.path])
        let expected = output.text.split(separator: "\n").compactMap { Int($0) }
        #expect(expected.count == instants.count, "python gave \(expected.count) of \(instants.count) offsets")
        var disagreements: [String] = []
        for (instant, offset) in zip(instants, expected) where rules.offset(at: Date(timeIntervalSince1970: TimeInterval(instant))) != offset {
            disagreements.append("\(instant): \(rules.offset(at: Date(timeIntervalSince1970: TimeInterval(instant)))) against \(offset)")
        }
        #expect(disagreements.isEmpty, "\(zone): \(disagreements.count) disagree, first \(disagreements.prefix(3))")
    }

    @Test func namesOutsideTheDatabaseAreRefused() {
        for name in ["", "../../etc/passwd", "Europe/../../../etc/passwd", "Europe/Warsw", "Europe//Warsaw", "/etc/passwd",
                     "Europe/Warsaw\u{0}", "Ευρώπη/Βαρσοβία"] {
            #expect(TimeZoneRules.named(name) == nil, "\(name) was taken as a zone")
        }
        #expect(TimeZoneRules.named("Europe/Warsaw")?.identifier == "Europe/Warsaw")
    }

    @Test func posixRulesReadAsWritten() throws {
        let warsaw = try #require(PosixRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(warsaw.standardOffset == 3_600 && warsaw.daylight?.offset == 7_200)
        #expect(PosixRule("<+0530>-5:30")?.standardOffset == 19_800)
        for bad in ["", "C-1", "CET", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.5.0", "CET-1CEST,J0,J100"] {
            #expect(PosixRule(bad) == nil, "\(bad) was read")
        }
    }
}
