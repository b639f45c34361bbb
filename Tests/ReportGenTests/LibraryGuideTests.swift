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
        let text = try toolOutput(["pdftotext", folder.path("spray-report.pdf"), "-"])
        #expect(text.contains("North 7") && text.contains("Roundup 360 SL"), "the report is the job's")
        #expect(run.stdout.contains("3 tank loads: 2 full, 1 partial"), "\(run.stdout)")
        // The record as a spreadsheet reads it: a header and one row a job, the fields by name.
        let rows = try String(contentsOfFile: folder.path("season.csv"), encoding: .utf8).split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 3, "\(rows)")
        let field = try #require(rows.first?.firstIndex(of: "field"))
        #expect(rows.dropFirst().map { $0[field] } == ["North 7", "Long Meadow"])
        #expect(run.stdout.contains("record: 2 lines, 2 of them short of the Polish register"), "\(run.stdout)")
        // The guide shows the example's code as it is.
        let guide = try String(contentsOf: ReportGen.repository.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let source = try String(contentsOf: ReportGen.repository.appendingPathComponent("Examples/make-report/main.swift"), encoding: .utf8)
        #expect(guide.contains(source.trimmingCharacters(in: .whitespacesAndNewlines)), "docs/library.md quotes Examples/make-report/main.swift whole")
    }
}
