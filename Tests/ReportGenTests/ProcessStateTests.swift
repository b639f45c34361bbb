import CLITestSupport
import Foundation
import Testing

/// The process-wide choices (ReportKitProcess) change how fast a report is made, never what it
/// is; a setting from outside that would change it is refused, not followed in silence.
@Suite("Process state")
struct ProcessStateTests {
    /// cairo's switch for uncompressed streams, set by the user, would leave dead uncompressed
    /// content in a combined document (finished by an update appended to its file).
    @Test func aCombinedDocumentRefusesCairosUncompressedSwitchFromTheEnvironment() throws {
        let folder = try ScratchFolder()
        let history = ReportGen.repository.appendingPathComponent("Tests/Batch/season.jsonl").path
        let run = try ReportGen.run(after: "CAIRO_DEBUG_PDF=1 exec \"$@\"", ["batch", history, "--combined", folder.path("season.pdf")])
        #expect(run.status != 0)
        #expect(run.stderr.contains("CAIRO_DEBUG_PDF"), "\(run.stderr)")
        #expect(folder.files.isEmpty, "no document, no temporary file: \(folder.files)")
    }

    /// One report: the same bytes with the switch (report-gen sets it itself for a report
    /// finished in memory) as without.
    @Test func aSingleReportIsTheSameWithCairosSwitchSetOrNot() throws {
        let folder = try ScratchFolder()
        let example = ReportGen.example("herbicide-pl.json")
        let plain = try ReportGen.run([example, "-o", folder.path("a.pdf")])
        let switched = try ReportGen.run(after: "CAIRO_DEBUG_PDF=1 exec \"$@\"", [example, "-o", folder.path("b.pdf")])
        #expect(plain.status == 0 && switched.status == 0, "\(plain.stderr) \(switched.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("a.pdf"))) == Data(contentsOf: URL(fileURLWithPath: folder.path("b.pdf"))))
    }
}
