import CLITestSupport
import Foundation
import Testing

/// The library guide's example (docs/library.md) is the code it shows, and it runs.
@Suite("Library guide")
struct LibraryGuideTests {
    @Test func theLibraryGuidesExampleBuildsAndMakesReports() throws {
        let folder = try ScratchFolder()
        let example = ReportGen.binary.deletingLastPathComponent().appendingPathComponent("make-report").path
        let run = try ReportGen.run(program: example, [folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["from-json.pdf", "from-value.pdf"] {
            let text = try toolOutput(["pdftotext", folder.path(name), "-"])
            #expect(text.contains(name == "from-json.pdf" ? "North 7" : "Long Meadow"), "\(name)")
        }
        // The guide shows the example's code as it is.
        let guide = try String(contentsOf: ReportGen.repository.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let source = try String(contentsOf: ReportGen.repository.appendingPathComponent("Examples/make-report/main.swift"), encoding: .utf8)
        #expect(guide.contains(source.trimmingCharacters(in: .whitespacesAndNewlines)), "docs/library.md quotes Examples/make-report/main.swift whole")
    }
}
