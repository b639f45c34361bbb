import CLITestSupport
import Foundation
import Testing

/// The helper every command-line test runs report-gen through.
@Suite("Running a program from the tests")
struct CLISupportTests {
    /// A child that fills standard error (past a pipe's 64 KB) before it writes standard output
    /// would wait for ever on a helper that read the pipes one after the other.
    @Test(.timeLimit(.minutes(1)))
    func bothPipesAreDrainedAtOnce() throws {
        let run = try ReportGen.run(program: "/bin/sh", ["-c", "head -c 300000 /dev/zero | tr '\\\\0' e >&2; head -c 300000 /dev/zero | tr '\\\\0' o"],
                                    stdin: Data(repeating: 65, count: 200_000))
        #expect(run.status == 0)
        #expect(run.stderr.utf8.count == 300_000 && run.output.count == 300_000, "\(run.stderr.utf8.count) \(run.output.count)")
    }
}
