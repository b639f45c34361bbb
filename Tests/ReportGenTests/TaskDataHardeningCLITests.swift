import Foundation
import Testing
import CLITestSupport

/// Task data read as data: a document type (whose entities libxml2 would expand inside attribute
/// values), an element with 200,000 attributes (quadratic in Debian's libxml2 2.9.14: 288 s) and a
/// file far over the limit (once read whole: a 3 GB file peaked at 6.3 GB) are each refused
/// before libxml2 sees them, quickly, naming the file and what is wrong.
@Suite("ISOXML task data, hostile")
struct TaskDataHardeningCLITests {
    private func folder(with xml: [UInt8]) throws -> (ScratchFolder, String) {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("usb/TASKDATA"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.path("usb/TASKDATA/TASKDATA.XML"), contents: Data(xml))
        return (folder, folder.path("usb/TASKDATA"))
    }

    private func timed(_ arguments: [String]) throws -> (run: ReportGen.Run, seconds: Double) {
        let start = Date()
        let run = try ReportGen.run(arguments)
        return (run, Date().timeIntervalSince(start))
    }

    @Test func aDocumentTypeIsRefusedAndNoEntityExpandsInAnAttribute() throws {
        // A large leaf (a 100 KB entity) used 10,000 times in one attribute: 1 GB if expanded.
        let leaf = String(repeating: "x", count: 100_000)
        let uses = String(repeating: "&big;", count: 10_000)
        let xml = """
            <?xml version="1.0"?><!DOCTYPE t [<!ENTITY big "\(leaf)">]>
            <ISO11783_TaskData VersionMajor="4" VersionMinor="3" ManagementSoftwareManufacturer="x" ManagementSoftwareVersion="1" DataTransferOrigin="2">
            <TSK A="TSK1" B="\(uses)" G="4"/></ISO11783_TaskData>
            """
        let (folder, taskData) = try folder(with: Array(xml.utf8))
        let (run, seconds) = try timed(["record", taskData, "-o", folder.path("x.csv")])
        #expect(run.status == 65 && run.stderr.contains("TASKDATA.XML: declares a document type"), "\(run.stderr.prefix(400))")
        #expect(seconds < 20, "refused in \(seconds) s")
    }

    @Test func anElementWithTooManyAttributesIsRefusedBeforeParsing() throws {
        var xml = #"<?xml version="1.0"?><ISO11783_TaskData VersionMajor="4" VersionMinor="3" ManagementSoftwareManufacturer="x" ManagementSoftwareVersion="1" DataTransferOrigin="2"><TSK A="TSK1""#
        xml += (0..<200_000).map { " a\($0)=\"1\"" }.joined() + "/></ISO11783_TaskData>"
        let (folder, taskData) = try folder(with: Array(xml.utf8))
        let (run, seconds) = try timed(["record", taskData, "-o", folder.path("x.csv")])
        #expect(run.status == 65 && run.stderr.contains("<TSK> has 200001 attributes, more than the 100"), "\(run.stderr.prefix(400))")
        #expect(seconds < 20, "refused in \(seconds) s, not after libxml2's quadratic check")
    }

    @Test func aFileOverTheLimitIsRefusedWithoutReadingIt() throws {
        let (folder, taskData) = try folder(with: [])
        // 3 GB, a hole in a sparse file: reading it would take seconds and gigabytes.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: taskData + "/TASKDATA.XML"))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let (run, seconds) = try timed(["record", taskData, "-o", folder.path("x.csv")])
        #expect(run.status == 65 && run.stderr.contains("larger than 32 MB"), "\(run.stderr.prefix(400))")
        #expect(seconds < 10, "refused in \(seconds) s")
    }
}

/// The workbook under pressure: libxlsxwriter does not check its writes, so a workbook cut short
/// by a file size limit closed as if whole (exit 0); a holding named to end with an apostrophe
/// gave no workbook at all (exit 69).
@Suite("The workbook, hostile")
struct WorkbookHardeningCLITests {
    /// `record SEASON -o FOLDER/season.xlsx EXTRA` under an 8 KB file size limit: smaller than
    /// the workbook, larger than nothing.
    private func recordUnderAFileSizeLimit(into folder: ScratchFolder, _ extra: [String] = []) throws -> ReportGen.Run {
        let season = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/register-season.json").path
        return try ReportGen.run(program: "/bin/bash", ["-c", "ulimit -f 8; exec \"$0\" record \"$1\" -o \"$2\" \"${@:3}\"",
                                                      ReportGen.binary.path, season, folder.path("season.xlsx")] + extra)
    }

    @Test func aWorkbookCutByAFileSizeLimitIsAWriteFailureAndLeavesNothing() throws {
        let folder = try ScratchFolder()
        let run = try recordUnderAFileSizeLimit(into: folder)
        #expect(run.status == 73, "\(run.status): \(run.stderr)")
        #expect(run.stderr.contains("cut short") || run.stderr.contains("File too large"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("season.xlsx")), "no partial workbook under its name")
    }

    /// libxlsxwriter prints its failures on standard error itself; with `--diagnostics json` every
    /// line there must still be a JSON diagnostic, the library's words inside our error's.
    @Test func libxlsxwritersOwnMessagesStayInsideTheJSONDiagnostics() throws {
        let folder = try ScratchFolder()
        let run = try recordUnderAFileSizeLimit(into: folder, ["--diagnostics", "json"])
        #expect(run.status == 73, "\(run.status): \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["rule"] as? String == "run" && object?["severity"] as? String == "error", "not a JSON diagnostic: \(line)")
        }
        #expect(run.stderr.contains("libxlsxwriter: [ERROR]") && run.stderr.contains("File too large"), "\(run.stderr)")
        // Without the option the same failure is one line of text, the library's words inside it.
        let text = try recordUnderAFileSizeLimit(into: folder)
        #expect(text.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") }, "\(text.stderr)")
    }

    @Test func holdingNamesExcelRefusesAsSheetNamesStillMakeAWorkbook() throws {
        let folder = try ScratchFolder()
        var jobs: [Any] = []
        let example = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("record-pl.json"))))
        for (index, holding) in ["O'Brien'", "'quoted'", "History", "a[b]:c*d?e/f\\g", String(repeating: "ż", count: 40)].enumerated() {
            var job = try #require(example as? [String: Any])
            job["id"] = "job-\(index)"
            job["holding"] = holding
            jobs.append(job)
        }
        let input = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: jobs), as: UTF8.self), to: "season.json")
        let run = try ReportGen.run(["record", input, "-o", folder.path("season.xlsx")])
        #expect(run.status == 0, "\(run.stderr)")
        let read = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", "import sys, openpyxl; print(len(openpyxl.load_workbook(sys.argv[1]).sheetnames))",
                                                              folder.path("season.xlsx")])
        #expect(read.stdout.hasPrefix("6"), "a sheet per holding and the record: \(read.stdout) \(read.stderr)")
    }
}

/// `isoxml` writes TASKDATA/TASKDATA.XML by the policy of files named from data: never through a
/// link planted there (nor, with --overwrite, into the link's target), never into a FIFO (it once
/// blocked forever), never over the task data it is reading; `-o -` is a usage error.
@Suite("isoxml's output, hostile")
struct TaskDataOutputCLITests {
    static let job = ReportGen.example("record-pl.json")

    @Test func aLinkPlantedAtTheTaskFileIsNeverFollowed() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("usb/TASKDATA"), withIntermediateDirectories: true)
        let target = try folder.write("the user's own file", to: "precious.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path("usb/TASKDATA/TASKDATA.XML"), withDestinationPath: target)
        let kept = try ReportGen.run(["isoxml", Self.job, "-o", folder.path("usb")])
        #expect(kept.status == 73 && kept.stderr.contains("--overwrite"), "\(kept.stderr)")
        let replaced = try ReportGen.run(["isoxml", Self.job, "-o", folder.path("usb"), "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "the user's own file", "the link's target is untouched")
        let link = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path("usb/TASKDATA/TASKDATA.XML"))
        #expect(link == nil, "the link itself was replaced by the task file")
    }

    @Test func aFIFOAtTheTaskFileIsRefusedWithoutWaiting() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("usb/TASKDATA"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("usb/TASKDATA/TASKDATA.XML"), 0o600) == 0)
        for extra in [[], ["--overwrite"]] {
            let start = Date()
            let run = try ReportGen.run(["isoxml", Self.job, "-o", folder.path("usb")] + extra)
            #expect(run.status == 73, "\(extra): \(run.status) \(run.stderr)")
            #expect(Date().timeIntervalSince(start) < 20, "no wait on the pipe")
        }
    }

    @Test func theTaskDataBeingReadIsNeverTheOneWrittenAndDashIsNoFolder() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["isoxml", Self.job, "-o", folder.path("usb")]).status == 0)
        let file = folder.path("usb/TASKDATA/TASKDATA.XML")
        var xml = try String(contentsOfFile: file, encoding: .utf8)
        let end = try #require(xml.range(of: "</TSK>"))
        xml.insert(contentsOf: "<TIM A=\"2026-04-14T07:30:00+02:00\" B=\"2026-04-14T09:00:00+02:00\" D=\"4\"/>", at: end.lowerBound)
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let run = try ReportGen.run(["isoxml", folder.path("usb/TASKDATA"), "-o", folder.path("usb"), "--overwrite"])
        #expect(run.status == 64 && run.stderr.contains("being read"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "the terminal's logs are kept")
        let dash = try ReportGen.run(["isoxml", Self.job, "-o", "-"])
        #expect(dash.status == 64 && dash.stderr.contains("must name a folder"), "\(dash.stderr)")
    }
}

/// One output policy: `-o` never names a file the run reads, whatever option named it (the
/// product catalogue and a definitions folder's files were replaced, exit 0), and a configuration
/// that is a FIFO is refused rather than waited on.
@Suite("Outputs that are inputs, hostile")
struct OutputIsInputCLITests {
    @Test(arguments: ["render", "record"])
    func theCatalogueAndDefinitionsAreNeverTheOutput(command: String) throws {
        let folder = try ScratchFolder()
        let catalogue = try folder.copy(ReportGen.repository.appendingPathComponent("docs/catalogue/products.json").path, as: "products.json")
        #expect(try ReportGen.run(["templates", "--export", folder.path("defs")]).status == 0)
        let locale = folder.path("defs/locales/pl.json")
        let before = (try Data(contentsOf: URL(fileURLWithPath: catalogue)), try Data(contentsOf: URL(fileURLWithPath: locale)))
        let job = ReportGen.example("record-pl.json")
        let base = command == "render" ? [job] : ["record", job]
        let intoCatalogue = try ReportGen.run(base + ["--products", catalogue, "-o", catalogue])
        #expect(intoCatalogue.status == 64 && intoCatalogue.stderr.contains("being read"), "\(intoCatalogue.stderr)")
        let intoDefinitions = try ReportGen.run(base + ["--definitions", folder.path("defs"), "-o", locale])
        #expect(intoDefinitions.status == 64, "\(intoDefinitions.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalogue)) == before.0 && Data(contentsOf: URL(fileURLWithPath: locale)) == before.1)
    }

    @Test func aConfigurationThatIsAFIFOIsRefusedWithoutWaiting() throws {
        let folder = try ScratchFolder()
        #expect(mkfifo(folder.path("config.json"), 0o600) == 0)
        let start = Date()
        let run = try ReportGen.run(["validate", ReportGen.example("herbicide-pl.json"), "--config", folder.path("config.json")])
        #expect(run.status == 66 && run.stderr.contains("not a regular file"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(start) < 20)
    }
}

/// A link in a definitions folder that leads nowhere is said, not taken for a file the folder
/// lacks (which would silently print the built-in texts instead of the user's).
@Suite("Definitions, hostile")
struct DanglingDefinitionCLITests {
    @Test func aDanglingLinkInADefinitionsFolderIsAnError() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["templates", "--export", folder.path("defs")]).status == 0)
        try FileManager.default.removeItem(atPath: folder.path("defs/locales/pl.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("defs/locales/pl.json"), withDestinationPath: folder.path("gone.json"))
        let run = try ReportGen.run([ReportGen.example("record-pl.json"), "--definitions", folder.path("defs"), "-o", folder.path("r.pdf")])
        #expect(run.status == 66 && run.stderr.contains("leads to nothing"), "\(run.status) \(run.stderr)")
    }
}

/// A batch under a low open-file limit starts only the threads whose files fit, or refuses
/// before it writes anything: under `ulimit -n 16`, 64 threads once wrote a different random
/// dozen of 100 reports each run.
@Suite("A batch under a low open-file limit", .enabled(if: TestRun.isFull, TestRun.slow))
struct BatchOpenFileLimitCLITests {
    @Test func itWritesEveryReportOrNone() throws {
        let folder = try ScratchFolder()
        var job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) as? [String: Any])
        var jobs: [Any] = []
        for index in 0..<100 {
            job["id"] = "job-\(index)"
            jobs.append(job)
        }
        let history = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: jobs), as: UTF8.self), to: "history.json")
        for limit in [16, 40] {
            let out = folder.path("out-\(limit)/")
            let run = try ReportGen.run(program: "/bin/bash", ["-c", "ulimit -n \(limit); exec \"$0\" batch \"$1\" -o \"$2\" --jobs 64 -q",
                                                              ReportGen.binary.path, history, out])
            let written = (try? FileManager.default.contentsOfDirectory(atPath: out))?.count ?? 0
            if limit == 16 {
                #expect(run.status == 69 && run.stderr.contains("open-file limit") && written == 0, "\(run.status) \(written): \(run.stderr)")
            } else {
                #expect(run.status == 0 && written == 100, "\(run.status) \(written): \(run.stderr)")
            }
        }
    }
}

/// A signal while the workbook or the task data is written leaves nothing behind: not the
/// workbook's temporary folder (libxlsxwriter's, outside the staged files), not a hidden
/// temporary file beside TASKDATA.XML, not a partial output. The signal is sent the moment the
/// temporary appears, so it always lands while the file is being written.
@Suite("Signals while the record's other forms are written", .enabled(if: TestRun.isFull, TestRun.slow))
struct RecordFormSignalCLITests {
    @Test(arguments: ["record", "isoxml"])
    func aSignalWhileWritingLeavesNoTemporaryFileBehind(command: String) throws {
        let folder = try ScratchFolder()
        var job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("record-pl.json")))) as? [String: Any])
        let jobs: [Any] = (0..<1_500).map { index in job["id"] = "job-\(index)"; return job }
        let season = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: jobs), as: UTF8.self), to: "season.json")
        let scratch = folder.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("usb/TASKDATA"), withIntermediateDirectories: true)
        // Where the temporary appears: the workbook's folder in TMPDIR, the staged task file beside its name.
        let (arguments, watched) = command == "record"
            ? (["record", season, "-o", folder.path("season.xlsx")], scratch)
            : (["isoxml", season, "-o", folder.path("usb")], folder.path("usb/TASKDATA"))
        let process = Process()
        process.executableURL = ReportGen.binary
        process.arguments = arguments
        process.environment = ReportGen.environment(["TMPDIR": scratch])
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let appeared = ChildProcess.wait(upTo: 60) { !((try? FileManager.default.contentsOfDirectory(atPath: watched)) ?? []).isEmpty }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(appeared, "\(command): the temporary was seen")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).isEmpty, "\(command): nothing left in TMPDIR")
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("usb/TASKDATA"))) ?? []
        if command == "record" {
            // The workbook's folder lives for the whole write: the signal always lands in it.
            #expect(process.terminationStatus == 143, "ended by the signal, not finished first")
            #expect(!FileManager.default.fileExists(atPath: folder.path("season.xlsx")), "no partial workbook")
        } else {
            // The staged task file is written and named in one step, which the signal may follow:
            // either way, nothing but the whole file under its name.
            #expect(process.terminationStatus == 143 ? beside.isEmpty : beside == ["TASKDATA.XML"], "\(process.terminationStatus): \(beside)")
        }
    }
}
