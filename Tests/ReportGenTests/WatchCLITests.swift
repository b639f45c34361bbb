import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import CLITestSupport

/// `report-gen watch`: a save re-renders, a broken save keeps the last good PDF and says why,
/// a template's save re-renders too, and SIGTERM ends it as a shell expects (143).
@Suite("Watch mode", .enabled(if: TestRun.isFull, TestRun.slow))
struct WatchCLITests {
    /// Waits up to `seconds` for `condition`, checking every tenth of a second.
    private func eventually(_ seconds: Double = 15, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    private func text(_ pdf: String) -> String { (try? toolOutput(["pdftotext", pdf, "-"])) ?? "" }

    /// `report-gen watch ARGUMENTS`, started; what it says on standard error comes through the pipe.
    private func startWatch(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = ReportGen.binary
        process.arguments = ["watch"] + arguments
        process.environment = ReportGen.environment()
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    @Test func aSaveRendersAgainABrokenSaveKeepsTheLastGoodPDFAndSIGTERMEndsIt() throws {
        let folder = try ScratchFolder()
        let job = try folder.copy(ReportGen.example("herbicide-pl.json"), as: "job.json")
        #expect(try ReportGen.run(["templates", "--export", folder.path("defs")]).status == 0)
        let template = folder.path("defs/reports/spray-report.json")
        let output = folder.path("preview.pdf")
        let (process, errors) = try startWatch([job, "--template", template, "-o", output])
        defer { if process.isRunning { process.terminate() } }

        #expect(eventually { text(output).contains("Oprysk herbicydowy") }, "the first render")
        // A save of the job (as editors do: a new file renamed over the old one).
        let original = try String(contentsOfFile: job, encoding: .utf8)
        try original.replacingOccurrences(of: "Oprysk herbicydowy", with: "Oprysk poprawiony").write(toFile: job, atomically: true, encoding: .utf8)
        #expect(eventually { text(output).contains("Oprysk poprawiony") }, "rendered again after the job's save")
        // A broken save: the PDF stays the last good one.
        let good = try Data(contentsOf: URL(fileURLWithPath: output))
        try "{\"version\": 1,".write(toFile: job, atomically: false, encoding: .utf8)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == good)
        // A save of the template, with the job whole again.
        try original.write(toFile: job, atomically: true, encoding: .utf8)
        #expect(eventually { text(output).contains("Oprysk herbicydowy") })
        let templateText = try String(contentsOfFile: template, encoding: .utf8)
        try templateText.replacingOccurrences(of: "{t.reportTitle|upper}", with: "{t.reportTitle|upper} (WERSJA ROBOCZA)")
            .write(toFile: template, atomically: true, encoding: .utf8)
        #expect(eventually { text(output).contains("(WERSJA ROBOCZA)") }, "rendered again after the template's save")

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("watch: kept the last good \(output)") && said.contains("error: "), "\(said)")
        #expect(folder.files.allSatisfy { !$0.hasPrefix(".") }, "no temporary file left: \(folder.files)")
    }

    /// Its own output written into a watched definitions folder (which counts every .json file)
    /// is no change: it rendered again on each write, then refused its own output as an input.
    /// A definitions folder replaced whole (exported again, moved into place) is watched anew.
    @Test func itsOwnOutputIsNoChangeAndAReplacedFolderIsFollowed() throws {
        let folder = try ScratchFolder()
        let job = try folder.copy(ReportGen.example("herbicide-pl.json"), as: "job.json")
        #expect(try ReportGen.run(["templates", "--export", folder.path("defs")]).status == 0)
        #expect(try ReportGen.run(["templates", "--export", folder.path("new")]).status == 0)
        let locale = folder.path("new/locales/pl.json")
        try String(contentsOfFile: locale, encoding: .utf8).replacingOccurrences(of: "\"Raport oprysku\"", with: "\"Raport wymieniony\"")
            .write(toFile: locale, atomically: true, encoding: .utf8)
        let output = folder.path("defs/preview.json")
        let (process, errors) = try startWatch([job, "--definitions", folder.path("defs"), "-o", output])
        defer { if process.isRunning { process.terminate() } }
        #expect(eventually { text(output).contains("Oprysk herbicydowy") }, "the first render")
        Thread.sleep(forTimeInterval: 1)

        // The folder replaced: moved away, the new one moved in under its name.
        #expect(rename(folder.path("defs"), folder.path("old")) == 0 && rename(folder.path("new"), folder.path("defs")) == 0)
        let moved = folder.path("defs/preview.json")
        #expect(eventually { text(moved).uppercased().contains("RAPORT WYMIENIONY") }, "rendered again from the new folder")
        // And an edit inside the new folder is seen too.
        let edited = folder.path("defs/locales/pl.json")
        try String(contentsOfFile: edited, encoding: .utf8).replacingOccurrences(of: "\"Raport wymieniony\"", with: "\"Raport poprawiony\"")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        #expect(eventually { text(moved).uppercased().contains("RAPORT POPRAWIONY") }, "an edit in the new folder")

        process.terminate()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!said.contains("changed: \(output)") && !said.contains("one of the files being read"), "\(said)")
        #expect(said.components(separatedBy: "watch: wrote").count - 1 == 3, "one render at the start, one a change: \(said)")
    }

    @Test func watchNeedsAFile() throws {
        let run = try ReportGen.run(["watch", "-", "-o", "x.pdf"])
        #expect(run.status == 64 && run.stderr.contains("not standard input"), "\(run.stderr)")
        let missing = try ReportGen.run(["watch", "/nonexistent/job.json"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }
}
