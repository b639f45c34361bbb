import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The machine failing report-gen: no room, no permission, no fonts, the wrong kind of file, a
/// signal. Each must give a clear error and the right exit status, and leave no partial file.
///
/// Some faults need root to be made for real (a small or read-only file system, fonts hidden in
/// a mount namespace, file permissions that bind root too); CI runs as root.
@Suite("Faults")
struct FaultTests {
    static let isRoot = getuid() == 0
    static let job = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/en-metric-single.json").path
    static let largeJob = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/en-large-job.json").path
    static let history = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/app-history.json").path

    /// A tmpfs of `size` mounted in `folder` for the test's life.
    final class SmallFileSystem {
        let path: String

        init(in folder: ScratchFolder, size: String, readOnly: Bool = false) throws {
            path = folder.path("mount")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let mount = try ReportGen.run(program: "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)" + (readOnly ? ",ro" : ""), "tmpfs", path])
            guard mount.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: mount.stderr]) }
        }

        deinit { _ = try? ReportGen.run(program: "/bin/umount", [path]) }

        var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    // MARK: No room

    @Test(.enabled(if: isRoot, "mounts a file system"))
    func aFullDiskFailsTheReportAndLeavesNothing() throws {
        let folder = try ScratchFolder()
        let disk = try SmallFileSystem(in: folder, size: "24k")
        let run = try ReportGen.run([Self.largeJob, "-o", disk.path + "/report.pdf"])
        #expect(run.status == 73)
        #expect(run.stderr == "error: cannot write \(disk.path)/report.pdf: No space left on device\n")
        #expect(disk.files.isEmpty, "no partial or temporary file")
    }

    @Test(.enabled(if: isRoot, "mounts a file system"))
    func aBatchStopsWhenTheDiskIsFullKeepingWholeFiles() throws {
        let folder = try ScratchFolder()
        let disk = try SmallFileSystem(in: folder, size: "200k")
        let (history, _) = try Self.repeatedHistory(8, in: folder)
        let run = try ReportGen.run(["batch", history, "-o", disk.path + "/reports", "--jobs", "1"])
        #expect(run.status == 73)
        let reports = disk.path + "/reports"
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: reports)) ?? []).sorted()
        // About four reports fit; how many exactly depends on how far the worker got ahead.
        #expect((3...4).contains(written.count) && written.allSatisfy { !$0.hasPrefix(".") }, "\(written)")
        for name in written {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: reports + "/" + name))
            #expect(bytes.starts(with: Data("%PDF-".utf8)) && String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF"), "\(name) is whole")
        }
        #expect(run.stderr.hasSuffix("error: stopped: the output folder takes no more files (No space left on device); \(written.count) written, the rest not started\n"))
        // The entry that met the full disk, and at most the one the worker had read ahead; not the other 18.
        let failures = run.stderr.components(separatedBy: "No space left on device").count - 2
        #expect((1...2).contains(failures), "\(run.stderr)")
    }

    /// The sample history's entries `copies` times over, written in `folder`: its path and its
    /// number of entries.
    static func repeatedHistory(_ copies: Int, in folder: ScratchFolder) throws -> (path: String, entries: Int) {
        let text = try String(contentsOfFile: history, encoding: .utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]).count
        let inside = text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        return (try folder.write("[" + Array(repeating: inside, count: copies).joined(separator: ",") + "]", to: "history.json"), copies * entries)
    }

    /// A batch keeps a group of files open while the group before is flushed to disk: under a low
    /// limit on open files every report must still be written, with one job and with two.
    @Test(arguments: [1, 2])
    func aLowLimitOnOpenFilesStillWritesEveryReport(jobs: Int) throws {
        let folder = try ScratchFolder()
        let (history, expected) = try Self.repeatedHistory(12, in: folder)
        let reports = folder.path("reports")
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let run = try ReportGen.run(after: #"ulimit -n 32 && exec "$@""#, ["batch", history, "-o", reports, "--jobs", String(jobs), "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: reports)
        #expect(written.count == expected && written.allSatisfy { !$0.hasPrefix(".") }, "\(written.count) of \(expected)")
    }

    @Test func aFileSizeLimitFailsTheWriteInsteadOfKillingTheProcess() throws {
        let folder = try ScratchFolder()
        // `ulimit -f` counts 512-byte blocks (POSIX sh): 20 allow 10 KiB, less than any report.
        let single = try ReportGen.run(after: #"ulimit -f 20 && exec "$@""#, [Self.job, "-o", folder.path("report.pdf")])
        #expect(single.status == 73)
        #expect(single.stderr.contains("cannot write \(folder.path("report.pdf")): File too large"))
        let combined = try ReportGen.run(after: #"ulimit -f 20 && exec "$@""#, ["batch", Self.history, "--combined", folder.path("all.pdf")])
        #expect(combined.status == 73)
        #expect(combined.stderr.contains("cannot write"), "\(combined.stderr)")
        #expect(folder.files.isEmpty, "no partial or temporary file: \(folder.files)")
    }

    // MARK: No permission

    @Test(.enabled(if: isRoot, "mounts a file system"))
    func aReadOnlyOutputFolderIsAClearError() throws {
        let folder = try ScratchFolder()
        let readOnly = try SmallFileSystem(in: folder, size: "1m", readOnly: true)
        let single = try ReportGen.run([Self.job, "-o", readOnly.path + "/report.pdf"])
        #expect(single.status == 73)
        #expect(single.stderr == "error: cannot write in \(readOnly.path): Read-only file system\n")
        let batch = try ReportGen.run(["batch", Self.history, "-o", readOnly.path])
        #expect(batch.status == 73)
        #expect(batch.stderr.hasSuffix("error: stopped: the output folder takes no more files (Read-only file system); 0 written, the rest not started\n"))
        let newFolder = try ReportGen.run(["batch", Self.history, "-o", readOnly.path + "/reports"])
        #expect(newFolder.status == 73)
        #expect(newFolder.stderr.contains("reports"))
        #expect(readOnly.files.isEmpty)
    }

    /// Root reads and writes through any permission; without the capabilities that allow it
    /// (dropped from the bounding set), permissions bind report-gen as they bind a user.
    static let withoutRootsOverride = #"exec setpriv --bounding-set=-dac_override,-dac_read_search "$@""#

    @Test func anUnwritableFolderAndAnUnreadableTemplateAreClearErrors() throws {
        let folder = try ScratchFolder()
        let locked = folder.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
        let template = try folder.copy(ReportGen.repository.appendingPathComponent("templates/reports/tank-card.json").path, as: "mine.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: template)
        let prefix = Self.isRoot ? Self.withoutRootsOverride : #"exec "$@""#

        let unwritable = try ReportGen.run(after: prefix, [Self.job, "-o", locked + "/report.pdf"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr == "error: cannot write in \(locked): Permission denied\n")
        let unreadable = try ReportGen.run(after: prefix, [Self.job, "--template", template, "-o", folder.path("report.pdf")])
        #expect(unreadable.status == 66)
        #expect(unreadable.stderr.contains("\(template): cannot be read (check its permissions)"), "\(unreadable.stderr)")
        let missing = try ReportGen.run([Self.job, "--template", folder.path("gone.json"), "-o", folder.path("report.pdf")])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("gone.json: no such file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
        #expect(folder.files == ["locked", "mine.json"])
    }

    // MARK: The wrong kind of file

    @Test func anOutputThatIsAFolderAndAnInputThatIsAFolder() throws {
        let folder = try ScratchFolder()
        let combined = try ReportGen.run(["batch", Self.history, "--combined", folder.url.path])
        #expect(combined.status == 73)
        #expect(combined.stderr.contains("is a directory"), "\(combined.stderr)")
        let input = try ReportGen.run([folder.url.path, "-o", folder.path("r.pdf")])
        #expect(input.status == 66)
        #expect(input.stderr == "error: \(folder.url.path): is a directory; expected a JSON file (or a folder of ISO 11783-10 task data, TASKDATA.XML)\n")
        let batchInput = try ReportGen.run(["batch", folder.url.path, "-o", folder.path("out")])
        #expect(batchInput.status == 66)
        #expect(batchInput.stderr.contains("is a directory"))
        #expect(folder.files.isEmpty)
    }

    @Test func aNamedPipeIsReadAsAStream() throws {
        let folder = try ScratchFolder()
        let job = try String(contentsOfFile: Self.job, encoding: .utf8)
        for (name, arguments) in [("job.fifo", ["-o", folder.path("report.pdf")]), ("jobs.fifo", ["batch", "-", "-o", folder.path("reports")])] {
            let fifo = folder.path(name)
            #expect(mkfifo(fifo, 0o600) == 0)
            // The writer opens the pipe in its own process, as `report-gen <(…)` would have it.
            let text = name == "jobs.fifo" ? job.replacingOccurrences(of: "\n", with: "") + "\n" : job
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/bin/sh")
            writer.arguments = ["-c", "printf '%s' \"$1\" > \"$2\"", "sh", text, fifo]
            try writer.run()
            let run = name == "jobs.fifo"
                ? try ReportGen.run(after: #"exec "$@" < "$0""#.replacingOccurrences(of: "$0", with: fifo), arguments)
                : try ReportGen.run([fifo] + arguments)
            writer.waitUntilExit()
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("report.pdf"))).starts(with: Data("%PDF-".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("reports")).count == 1)
    }

    // MARK: No fonts

    @Test(.enabled(if: isRoot, "hides the fonts in a mount namespace"))
    func missingFontsAreNamedWithTheirPackage() throws {
        let folder = try ScratchFolder()
        let hide = #"exec unshare -m sh -c 'mount -t tmpfs tmpfs /usr/share/fonts/opentype/inter && exec "$@"' sh "$@""#
        let run = try ReportGen.run(after: hide, [Self.job, "-o", folder.path("report.pdf")])
        #expect(run.status == 69)
        #expect(run.stderr == "error: font file /usr/share/fonts/opentype/inter/Inter-Regular.otf is missing or unreadable; install Debian's fonts-inter or configure other fonts\n")
        let batch = try ReportGen.run(after: hide, ["batch", Self.history, "-o", folder.path("reports")])
        #expect(batch.status == 69)
        #expect(folder.files.isEmpty)
        // A script reading JSON diagnostics is told the kind of failure by its code.
        let json = try ReportGen.run(after: hide, ["batch", Self.history, "-o", folder.path("reports"), "--diagnostics", "json"])
        #expect(json.status == 69 && json.stderr.contains(#""rule":"run","code":"render.fonts""#), "\(json.stderr)")
    }

    // MARK: No qpdf

    /// Where qpdf's library lies on this machine (the file the soname's link leads to).
    static let qpdfLibrary = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libqpdf.so.29").resolvingSymlinksInPath().path

    @Test(.enabled(if: isRoot && FileManager.default.fileExists(atPath: qpdfLibrary), "hides qpdf's library in a mount namespace"))
    func withoutQPDFReportsAreMadeAndReadingAPDFNamesWhatToInstall() throws {
        let folder = try ScratchFolder()
        let report = folder.path("report.pdf")
        // An empty file over the library: opening it fails as if it were not installed.
        let hide = #"exec unshare -m sh -c 'mount --bind /dev/null \#(Self.qpdfLibrary) && exec "$@"' sh "$@""#
        let render = try ReportGen.run(after: hide, [Self.job, "-o", report])
        #expect(render.status == 0, "qpdf is not needed to make a report: \(render.stderr)")
        let extract = try ReportGen.run(after: hide, ["extract", report, "-o", folder.path("job.json")])
        #expect(extract.status == 69)
        #expect(extract.stderr.contains("reading a PDF needs qpdf's library (libqpdf.so.30 or libqpdf.so.29)") && extract.stderr.contains("apt install libqpdf29"),
                "\(extract.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("job.json")))
        let again = try ReportGen.run(after: hide, [report, "-o", folder.path("again.pdf")])
        #expect(again.status == 69, "a report given as input needs qpdf too: \(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("again.pdf")))
    }

    // MARK: No libxlsxwriter

    /// Where libxlsxwriter lies on this machine (the file the soname's link leads to).
    static let xlsxwriterLibrary = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libxlsxwriter.so.4").resolvingSymlinksInPath().path

    /// libxlsxwriter is opened by its soname only when a workbook is written: without it the record
    /// is still written as CSV, and asking for a workbook names the sonames and packages.
    @Test(.enabled(if: isRoot && FileManager.default.fileExists(atPath: xlsxwriterLibrary), "hides libxlsxwriter in a mount namespace"))
    func withoutLibXLSXWriterTheRecordIsWrittenAndAWorkbookNamesWhatToInstall() throws {
        let folder = try ScratchFolder()
        let hide = #"exec unshare -m sh -c 'mount --bind /dev/null \#(Self.xlsxwriterLibrary) && exec "$@"' sh "$@""#
        let csv = try ReportGen.run(after: hide, ["record", Self.job, "-o", folder.path("record.csv")])
        #expect(csv.status == 0, "libxlsxwriter is not needed for the CSV record: \(csv.stderr)")
        let workbook = try ReportGen.run(after: hide, ["record", Self.job, "-o", folder.path("record.xlsx")])
        #expect(workbook.status == 69, "\(workbook.stderr)")
        #expect(workbook.stderr.contains("libxlsxwriter.so.8 or libxlsxwriter.so.5 or libxlsxwriter.so.4") && workbook.stderr.contains("libxlsxwriter4"),
                "\(workbook.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("record.xlsx")))
    }

    // MARK: Signals

    /// Every signal that ends a program from a terminal or a supervisor, with the status a shell
    /// expects (128 + its number).
    static let terminatingSignals: [(Int32, Int32)] = [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129), (SIGQUIT, 131)]

    @Test(arguments: terminatingSignals)
    func aSignalEndsASingleReportWithoutAFile(signal: Int32, status: Int32) throws {
        let folder = try ScratchFolder()
        let process = Process()
        process.executableURL = ReportGen.binary
        // Reading standard input that never ends: the signal comes while report-gen waits.
        process.arguments = ["-", "-o", folder.path("report.pdf")]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("{\"version\": 1,".utf8))
        // The signal comes while report-gen waits for the rest of its input.
        #expect(ChildProcess.wait { ChildProcess.isWaitingOnPipe(process.processIdentifier) }, "report-gen reads its input")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        #expect(folder.files.isEmpty)
    }
}
