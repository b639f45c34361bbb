import CLITestSupport
import Foundation
import Testing

/// The rows of the third hardening round (issue 32) that are not about PDFs as input: signals in
/// the middle of a combined document, limits on address space, the environment, the record's
/// CSV in a spreadsheet, outputs a failed run must leave alone, and the installer.
@Suite("Hardening, third round", .enabled(if: TestRun.isFull, TestRun.slow))
struct HardeningRoundThreeTests {
    static func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A combined document is drawn in two passes; a signal at any moment of either ends it
    /// with 128 + the signal, no crash, and neither the document nor a temporary file behind.
    @Test(arguments: FaultTests.terminatingSignals)
    func aSignalDuringACombinedDocumentEndsItCleanly(signal: Int32, status: Int32) throws {
        let folder = try ScratchFolder()
        let (history, _) = try FaultTests.repeatedHistory(40, in: folder)
        // The two passes: laying the jobs out (the history open), drawing them into the document's
        // temporary file (a hidden file in the folder).
        let moments: [(name: String, reached: (Int32) -> Bool)] = [
            ("first pass", { ChildProcess.hasOpen($0, history) }),
            ("second pass", { _ in folder.files.contains { $0.hasPrefix(".") } }),
        ]
        for (moment, reached) in moments {
            let process = Process()
            process.executableURL = ReportGen.binary
            process.arguments = ["batch", history, "--combined", folder.path("season.pdf"), "--jobs", "2"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            // A moment passed over (the run ended first) is checked as a finished run below.
            ChildProcess.wait(upTo: 30) { reached(process.processIdentifier) || !process.isRunning }
            kill(process.processIdentifier, signal)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // Finished before the signal came: a whole document, and then nothing to check.
            if process.terminationReason == .exit, process.terminationStatus == 0 { continue }
            #expect(process.terminationReason == .exit, "ended by a signal at the \(moment): \(stderr)")
            #expect(process.terminationStatus == status, "at the \(moment): \(stderr)")
            #expect(folder.files == ["history.json"], "at the \(moment): \(folder.files)")
            try? FileManager.default.removeItem(atPath: folder.path("season.pdf"))
        }
    }

    /// A font that cannot be opened part-way through a combined document (too few descriptors)
    /// is an error, not heap corruption from a surface writing into a freed sink.
    @Test func aCombinedDocumentUnderALowOpenFileLimitFailsCleanly() throws {
        let folder = try ScratchFolder()
        let (history, _) = try FaultTests.repeatedHistory(4, in: folder)
        for limit in [12, 14, 16, 18, 20, 24] {
            let run = try ReportGen.run(program: "/bin/sh", ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", ReportGen.binary.path,
                                                             "batch", history, "--combined", folder.path("season.pdf")])
            #expect(run.status < 128, "ulimit -n \(limit): \(run.status) \(run.stderr)")
            #expect(run.status == 0 || !FileManager.default.fileExists(atPath: folder.path("season.pdf")), "ulimit -n \(limit): \(run.status) \(run.stderr)")
            try? FileManager.default.removeItem(atPath: folder.path("season.pdf"))
            #expect(!run.stderr.contains("Program crashed"), "ulimit -n \(limit): \(run.stderr)")
        }
    }

    /// Under an address-space limit a batch starts only the threads that fit, and below what
    /// one needs says so: never GLib's abort when Pango cannot start its thread.
    @Test func aBatchUnderAnAddressSpaceLimitFallsBackOrRefuses() throws {
        let folder = try ScratchFolder()
        for (limit, expected) in [(150_000, Int32(69)), (250_000, Int32(0)), (600_000, Int32(0))] {
            let out = folder.path("out-\(limit)")
            let run = try ReportGen.run(program: "/bin/sh", ["-c", "ulimit -v \(limit) && exec \"$0\" \"$@\"", ReportGen.binary.path,
                                                             "batch", OutputSafetyTests.history, "--jobs", "2", "-o", out])
            #expect(run.status == expected, "ulimit -v \(limit): \(run.status) \(run.stderr)")
            if expected == 69 {
                #expect(run.stderr.contains("address-space limit"), "\(run.stderr)")
            } else {
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).count == 3)
            }
        }
    }

    @Test(arguments: ["9223372036854775807", "-1", "253402300800", "1e9", "tomorrow"])
    func aSourceDateEpochOutOfRangeIsAUsageError(value: String) throws {
        let folder = try ScratchFolder()
        for arguments in [[ReportGen.example("herbicide-pl.json"), "-o", folder.path("r.pdf")],
                          ["batch", OutputSafetyTests.history, "-o", folder.path("b")],
                          ["record", OutputSafetyTests.history, "-o", folder.path("r.csv")]] {
            let run = try ReportGen.run(program: "/usr/bin/env", ["SOURCE_DATE_EPOCH=\(value)", ReportGen.binary.path] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("SOURCE_DATE_EPOCH: expected whole seconds"), "\(run.stderr)")
        }
        #expect(folder.files.isEmpty)
    }

    @Test func theLastValidSourceDateEpochStillMakesAReport() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(program: "/usr/bin/env", ["SOURCE_DATE_EPOCH=253402300799", ReportGen.binary.path, "record",
                                                              OutputSafetyTests.history, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        // The epoch dates the files, never the record: a record time comes from the job alone.
        #expect(run.stdout.contains("\"recordedAt\": null") && !run.stdout.contains("9999-12-31"), "\(run.stdout.prefix(400))")
        _ = folder
    }

    /// Text that a spreadsheet would run as a formula gets a leading apostrophe in the CSV; the
    /// JSON keeps it as entered, and offsets and numbers are never touched.
    @Test func csvCellsNeverStartAFormula() throws {
        let folder = try ScratchFolder()
        let job = """
            {"version": 1, "id": "=HYPERLINK(\\"http://x\\")", "date": "2026-05-14T08:30:00-05:00",
             "field": {"name": "+1 north", "area": {"value": 2, "unit": "ha"}, "crop": "@wheat"},
             "operator": "-Jan", "notes": "\\tnote",
             "tank": {"capacity": {"value": 1000, "unit": "L"}}, "sprayRate": {"value": 200, "unit": "L/ha"},
             "products": [{"name": "=1+1", "rate": {"value": 1, "unit": "L/ha"}}]}
            """
        let input = try folder.write(job, to: "job.json")
        let csv = try ReportGen.run(["record", input])
        #expect(csv.status == 0, "\(csv.stderr)")
        let row = try #require(csv.stdout.split(separator: "\r\n").dropFirst().first).split(separator: ",", omittingEmptySubsequences: false)
        for cell in row where !cell.isEmpty {
            let text = cell.hasPrefix("\"") ? cell.dropFirst() : cell
            #expect(!["=", "+", "@", "\t"].contains(text.first.map(String.init) ?? ""), "\(cell)")
            #expect(!text.hasPrefix("-") || text == "-05:00", "\(cell)")
        }
        #expect(csv.stdout.contains("'=1+1") && csv.stdout.contains("'+1 north") && csv.stdout.contains("'-Jan"), "\(csv.stdout)")
        let json = try ReportGen.run(["record", input, "--format", "json"])
        #expect(json.stdout.contains("\"product\": \"=1+1\"") && json.stdout.contains("\"operator\": \"-Jan\""), "\(json.stdout)")
    }

    /// A record or register that would leave applications out never replaces the user's file.
    @Test(arguments: ["season.csv", "season.json", "register.pdf"])
    func aRecordWithInvalidEntriesLeavesTheFileAsItWas(name: String) throws {
        let folder = try ScratchFolder()
        let existing = try folder.write("last season's record", to: name)
        let bad = BatchCLITests.history("mixed-bad.jsonl")
        let refused = try ReportGen.run(["record", bad, "-o", existing])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("left as it was") && refused.stderr.contains("--skip-invalid"), "\(refused.stderr)")
        #expect(Self.contents(existing) == "last season's record")
        let allBad = try folder.write("{\"version\": 1}\n{\"nope\": true}\n", to: "bad.jsonl")
        #expect(try ReportGen.run(["record", allBad, "-o", existing]).status == 65)
        #expect(Self.contents(existing) == "last season's record")
        let skipping = try ReportGen.run(["record", bad, "--skip-invalid", "-o", existing])
        #expect(skipping.status == 65, "\(skipping.stderr)")
        #expect(Self.contents(existing) != "last season's record")
        #expect(folder.files == ["bad.jsonl", name])
    }

    /// The register counts its lines as they stream in and refuses at its limit: a season of
    /// 60,000 lines stops at the entry that passes 20,000, instead of holding them all first.
    @Test func aRegisterTooLongIsRefusedWhereItPassesTheLimit() throws {
        let folder = try ScratchFolder()
        let products = (1...20).map { #"{"name": "Produkt \#($0)", "rate": {"value": 0.1, "unit": "L/ha"}}"# }.joined(separator: ", ")
        let job = #"{"version": 1, "date": "2026-04-14T07:30:00+02:00", "field": {"area": {"value": 1, "unit": "ha"}, "crop": "pszenica"}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [\#(products)]}"#
        let season = try folder.write(Array(repeating: job, count: 3_000).joined(separator: "\n") + "\n", to: "season.jsonl")
        let run = try ReportGen.run(["record", season, "-o", folder.path("register.pdf")])
        #expect(run.status == 65)
        #expect(run.stderr.contains("at most 20000 lines") && run.stderr.contains("entry 1001 passes that"), "\(run.stderr)")
        #expect(folder.files == ["season.jsonl"])
    }

    /// PNG pages are named by the page count: a run that fails part-way (a file size limit)
    /// leaves the pages of the run before as they were, and existing pages are kept without
    /// --overwrite.
    @Test func pngPagesAreAllOrNoneAndNeverReplacedUnasked() throws {
        let folder = try ScratchFolder()
        let job = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/pl-mix-twenty-products.json").path
        let first = try ReportGen.run([job, "-o", folder.path("p.png"), "--dpi", "40"])
        #expect(first.status == 0, "\(first.stderr)")
        let pages = folder.files
        #expect(pages.count > 1, "\(pages)")
        let before = try pages.map { try Data(contentsOf: folder.url.appendingPathComponent($0)) }

        let kept = try ReportGen.run([job, "-o", folder.path("p.png"), "--dpi", "60"])
        #expect(kept.status == 73 && kept.stderr.contains("--overwrite replaces them"), "\(kept.stderr)")
        let failing = try ReportGen.run(program: "/bin/sh", ["-c", "ulimit -f 8 && exec \"$0\" \"$@\"", ReportGen.binary.path,
                                                             job, "-o", folder.path("p.png"), "--dpi", "150", "--overwrite"])
        #expect(failing.status == 73, "\(failing.stderr)")
        #expect(folder.files == pages)
        #expect(try pages.map { try Data(contentsOf: folder.url.appendingPathComponent($0)) } == before)

        let replaced = try ReportGen.run([job, "-o", folder.path("p.png"), "--dpi", "60", "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try pages.map { try Data(contentsOf: folder.url.appendingPathComponent($0)) } != before)
    }

    /// Exported definitions go into the folder the user named only, a link there not followed.
    @Test func exportedTemplatesNeverFollowALinkOutOfTheFolder() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("mine"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("mine/tokens.json"), withDestinationPath: "../outside.json")
        let run = try ReportGen.run(["templates", "--export", folder.path("mine")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("outside.json")))
        #expect(run.stdout.contains("kept \(folder.path("mine/tokens.json"))"), "\(run.stdout)")
    }

    /// The installer installs files; the prefix keeps its own mode (a staging folder's 0700 once
    /// became /usr/local's, locking every other user out).
    @Test func theInstallerLeavesThePrefixModeAlone() throws {
        let folder = try ScratchFolder()
        let stage = folder.path("stage"), prefix = folder.path("prefix")
        try FileManager.default.createDirectory(atPath: stage + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: stage + "/share/man/man1", withIntermediateDirectories: true)
        _ = try folder.write("#!/bin/sh\n", to: "stage/bin/report-gen")
        _ = try folder.write("manual", to: "stage/share/man/man1/report-gen.1.gz")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stage + "/bin/report-gen")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: stage)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: prefix)
        try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: prefix + "/bin")
        let script = ReportGen.repository.appendingPathComponent("scripts/install-staged.sh").path
        let run = try ReportGen.run(program: "/bin/bash", [script, stage, prefix])
        #expect(run.status == 0, "\(run.stderr)")
        func mode(_ path: String) throws -> Int { try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) }
        #expect(try mode(prefix) == 0o755)
        #expect(try mode(prefix + "/bin") == 0o775)
        #expect(try mode(prefix + "/share") == 0o755)
        #expect(try mode(prefix + "/bin/report-gen") == 0o755)
        #expect(Self.contents(prefix + "/share/man/man1/report-gen.1.gz") == "manual")
    }
}
