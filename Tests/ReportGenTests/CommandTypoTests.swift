import Foundation
import Testing
import CLITestSupport

/// A misspelt command is named as one, with the command meant, instead of being read as a job
/// file that does not exist ("report-gen bacth …").
@Suite("Misspelt commands")
struct CommandTypoTests {
    @Test(arguments: [("bacth", "batch"), ("valdate", "validate"), ("recrod", "record"), ("extarct", "extract"), ("templats", "templates")])
    func aMisspeltCommandIsSuggested(typed: String, meant: String) throws {
        let run = try ReportGen.run([typed, "season.jsonl", "-o", "out"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("\(typed): no such command or file; did you mean `report-gen \(meant)`?"), "\(run.stderr)")
    }

    @Test func aFileOfThatNameIsStillAJob() throws {
        let folder = try ScratchFolder()
        _ = try folder.write(String(decoding: try Data(contentsOf: ReportGen.repository.appendingPathComponent("docs/examples/herbicide-pl.json")), as: UTF8.self),
                             to: "bacth")
        // Named as typed, in its own folder: the file is the job.
        let run = try ReportGen.run(["bacth", "-o", "report.pdf"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        // A word far from every command is a missing file, as before.
        let missing = try ReportGen.run(["nosuchthing"])
        #expect(missing.status == 66 && missing.stderr.contains("nosuchthing: no such file"))
    }
}
