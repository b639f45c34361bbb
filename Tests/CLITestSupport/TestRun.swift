import Foundation
import Testing

/// Which run of the tests this is. The everyday `swift test` stays under a minute: the slow
/// suites (real shells, LibreOffice, memory ceilings, the largest jobs, hostile corpora) are
/// skipped and the property tests draw a tenth of their cases. The README's test command then
/// runs `scripts/test-slow.sh`, which sets `REPORTKIT_SLOW_TESTS=1`: those suites, and every
/// property test at its full count. Nothing the full gate proves is dropped.
public enum TestRun {
    /// True in the slow step of the full gate.
    public static let isFull = ProcessInfo.processInfo.environment["REPORTKIT_SLOW_TESTS"] == "1"

    /// Why a slow suite is skipped, for `.enabled(if: TestRun.isFull, TestRun.slow)`.
    public static let slow: Comment = "a slow suite: scripts/test-slow.sh runs it (REPORTKIT_SLOW_TESTS=1), as the README's test command does"

    /// A property test's number of cases: `full` in the slow step, a tenth (at least 8) every day.
    public static func cases(_ full: Int) -> Int { isFull ? full : max(8, full / 10) }
}
