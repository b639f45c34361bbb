import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `-o` may do to the file system: a regular file or a new name is written atomically; a
/// pipe, a device or a terminal is written into, never replaced; a symbolic link is followed and
/// stays a link; anything that is one of the inputs is refused. Every special file is made by the
/// test in its own folder; nothing under /dev is touched.
@Suite("Output safety")
struct OutputSafetyTests {
    static let job = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/en-metric-single.json").path
    static let history = ReportGen.repository.appendingPathComponent("Tests/Batch/season.jsonl").path
    static let isRoot = getuid() == 0

    static func isPDF(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.starts(with: Data("%PDF-".utf8)) && String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF")
    }

    /// glibc's makedev, which Swift does not import (a macro): small numbers only.
    static func device(major: UInt64, minor: UInt64) -> dev_t {
        dev_t((major << 8) | minor)
    }

    static func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Runs report-gen while another process reads the FIFO at `fifo` into `copy`.
    static func runReadingFIFO(_ fifo: String, into copy: String, _ arguments: [String]) throws -> ReportGen.Run {
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", #"cat "$1" > "$2""#, "sh", fifo, copy]
        try reader.run()
        let run = try ReportGen.run(arguments)
        // Had report-gen failed before opening the pipe, the reader would wait for ever: a
        // writer that opens and closes it gives the reader its end of file.
        let release = open(fifo, O_WRONLY | O_NONBLOCK)
        if release >= 0 { close(release) }
        reader.waitUntilExit()
        return run
    }

    // MARK: Special files

    @Test func aNamedPipeIsWrittenIntoAndStaysAPipe() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path("report.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let single = try Self.runReadingFIFO(fifo, into: folder.path("single.pdf"), [Self.job, "-o", fifo, "--format", "pdf"])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(Self.type(fifo) == S_IFIFO, "the pipe is still a pipe")
        #expect(Self.isPDF(folder.path("single.pdf")), "the reader got the whole report")

        let combined = try Self.runReadingFIFO(fifo, into: folder.path("combined.pdf"), ["batch", Self.history, "--combined", fifo])
        #expect(combined.status == 0, "\(combined.stderr)")
        #expect(Self.type(fifo) == S_IFIFO)
        #expect(Self.isPDF(folder.path("combined.pdf")))
        #expect(folder.files == ["combined.pdf", "report.fifo", "single.pdf"], "no temporary file beside the pipe")
    }

    @Test(.enabled(if: isRoot, "makes a device node"))
    func aCharacterDeviceIsWrittenIntoAndStaysADevice() throws {
        let folder = try ScratchFolder()
        let null = folder.path("null")
        // The same device as /dev/null (major 1, minor 3), made here.
        #expect(mknod(null, S_IFCHR | 0o666, Self.device(major: 1, minor: 3)) == 0)
        let run = try ReportGen.run([Self.job, "-o", null])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.type(null) == S_IFCHR, "the device node is not replaced by a file")
        let batch = try ReportGen.run(["batch", Self.history, "--combined", null])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(Self.type(null) == S_IFCHR)
        #expect(folder.files == ["null"])
    }

    @Test func aLinkToTheProcessOwnStandardOutputWritesThere() throws {
        // `-o out` where out -> /proc/self/fd/1: the report reaches whatever standard output is
        // (here the test's pipe), and the link is left as it is.
        let folder = try ScratchFolder()
        #expect(symlink("/proc/self/fd/1", folder.path("out")) == 0)
        let run = try ReportGen.run([Self.job, "-o", folder.path("out"), "--format", "pdf"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.starts(with: Data("%PDF-".utf8)) && String(decoding: run.output.suffix(8), as: UTF8.self).contains("%%EOF"))
        #expect(Self.type(folder.path("out")) == S_IFLNK)
        #expect(folder.files == ["out"])
    }

    @Test func aSocketIsRefused() throws {
        let folder = try ScratchFolder()
        let socketPath = folder.path("report.sock")
        let made = try ReportGen.run(program: "/usr/bin/python3", ["-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", socketPath])
        #expect(made.status == 0)
        let run = try ReportGen.run([Self.job, "-o", socketPath])
        #expect(run.status == 73)
        #expect(run.stderr.contains("\(socketPath) is a socket"), "\(run.stderr)")
        #expect(Self.type(socketPath) == S_IFSOCK)
    }

    // MARK: Links

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let folder = try ScratchFolder()
        let old = try folder.write("old report", to: "report-2026.pdf")
        #expect(symlink("report-2026.pdf", folder.path("latest.pdf")) == 0)
        let run = try ReportGen.run([Self.job, "-o", folder.path("latest.pdf")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.type(folder.path("latest.pdf")) == S_IFLNK, "the link is kept")
        #expect(Self.isPDF(old), "its target got the report")

        // A link to a name not yet taken makes the file there.
        #expect(symlink("reports/new.pdf", folder.path("next.pdf")) == 0)
        try FileManager.default.createDirectory(atPath: folder.path("reports"), withIntermediateDirectories: false)
        let dangling = try ReportGen.run([Self.job, "-o", folder.path("next.pdf")])
        #expect(dangling.status == 0, "\(dangling.stderr)")
        #expect(Self.type(folder.path("next.pdf")) == S_IFLNK)
        #expect(Self.isPDF(folder.path("reports/new.pdf")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("reports")) == ["new.pdf"])
    }

    @Test func anOutputThatIsTheInputByAnyNameIsRefused() throws {
        let folder = try ScratchFolder()
        let job = try folder.copy(Self.job, as: "job.json")
        let original = try Data(contentsOf: URL(fileURLWithPath: job))
        #expect(symlink("job.json", folder.path("latest.json")) == 0)
        #expect(link(job, folder.path("hard.json")) == 0)
        let cases: [[String]] = [
            [job, "-o", folder.path("latest.json")],                 // a link to the input
            [folder.path("latest.json"), "-o", job],                 // the input named through a link
            [job, "-o", folder.path("hard.json")],                   // a hard link
            [job, "-o", folder.path("./sub/../job.json")],           // another spelling
            [job, "-o", folder.path("latest.json"), "--format", "pdf", "--theme", "dark"],
        ]
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
        for arguments in cases {
            let run = try ReportGen.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("is one of the files being read"), "\(run.stderr)")
        }
        let viaStandardInput = try ReportGen.run(after: #"exec "$@" < "$0""#.replacingOccurrences(of: "$0", with: job), ["-", "-o", folder.path("hard.json")])
        #expect(viaStandardInput.status == 64, "standard input redirected from the job is an input too")
        #expect(try Data(contentsOf: URL(fileURLWithPath: job)) == original, "the job is untouched")
        #expect(Self.type(folder.path("latest.json")) == S_IFLNK)
        #expect(folder.files == ["hard.json", "job.json", "latest.json", "sub"], "nothing written")
    }

    @Test func templatesTokensAndHistoriesAreInputsToo() throws {
        let folder = try ScratchFolder()
        let tokens = try folder.copy(ReportGen.repository.appendingPathComponent("templates/tokens.json").path, as: "tokens.json")
        let template = try folder.copy(ReportGen.repository.appendingPathComponent("templates/reports/spray-report.json").path, as: "mine.json")
        let history = try folder.copy(Self.history, as: "season.jsonl")
        #expect(symlink("season.jsonl", folder.path("season.pdf")) == 0)
        let runs = [
            try ReportGen.run([Self.job, "--tokens", tokens, "-o", tokens]),
            try ReportGen.run([Self.job, "--template", template, "-o", template]),
            try ReportGen.run(["batch", history, "--combined", folder.path("season.pdf")]),
            try ReportGen.run(["batch", history, "--combined", folder.path("season.pdf"), "--overwrite"]),
            try ReportGen.run(["batch", history, "--cover", template, "--combined", template]),
        ]
        for run in runs {
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("is one of the files being read"), "\(run.stderr)")
        }
        #expect(try String(contentsOfFile: history, encoding: .utf8) == String(contentsOfFile: Self.history, encoding: .utf8))
    }

    // MARK: Formats

    @Test func theFormatFollowsTheExtensionAndAConflictIsAUsageError() throws {
        let folder = try ScratchFolder()
        let png = try ReportGen.run([Self.job, "-o", folder.path("report.png")])
        #expect(png.status == 0, "\(png.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path("report.png")))
        #expect(bytes.starts(with: Data([0x89, 0x50, 0x4E, 0x47])), "a .png name gets PNG bytes")
        let upper = try ReportGen.run([Self.job, "-o", folder.path("REPORT.PDF")])
        #expect(upper.status == 0 && Self.isPDF(folder.path("REPORT.PDF")))

        let conflict = try ReportGen.run([Self.job, "-o", folder.path("other.png"), "--format", "pdf"])
        #expect(conflict.status == 64)
        #expect(conflict.stderr.contains("--format pdf writes PDF, but \(folder.path("other.png")) names a .png file"), "\(conflict.stderr)")
        let combined = try ReportGen.run(["batch", Self.history, "--combined", folder.path("season.png")])
        #expect(combined.status == 64)
        #expect(combined.stderr.contains("--combined writes a PDF"), "\(combined.stderr)")
        #expect(folder.files == ["REPORT.PDF", "report.png"])
    }

    // MARK: Standard output

    /// Runs report-gen with its standard output on `/dev/full`'s twin (writes fail: no space).
    @Test(.enabled(if: isRoot, "makes a device node"))
    func aFullStandardOutputIsExit73ForEveryCommand() throws {
        let folder = try ScratchFolder()
        let full = folder.path("full")
        #expect(mknod(full, S_IFCHR | 0o666, Self.device(major: 1, minor: 7)) == 0)
        let commands: [[String]] = [
            ["plan", Self.job], ["plan", "--json", Self.job], ["validate", Self.job], ["validate", Self.history],
            ["templates"], [Self.job, "-o", "-"],
        ]
        for arguments in commands {
            let run = try ReportGen.run(after: #"exec "$@" > "$0""#.replacingOccurrences(of: "$0", with: full), arguments)
            #expect(run.status == 73, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("No space left on device"), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aClosedStandardOutputIsExit73() throws {
        for arguments in [["plan", Self.job], ["validate", Self.job], ["templates"], [Self.job, "-o", "-"]] {
            // Closed outright: the write fails with EBADF.
            let closed = try ReportGen.run(after: #"exec 1>&-; exec "$@""#, arguments)
            #expect(closed.status == 73, "\(arguments): \(closed.status) \(closed.stderr)")
            // After any warnings and hints about the job itself, the error names standard output.
            let errors = closed.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
            #expect(errors.count == 1 && (errors[0].hasPrefix("error: standard output: ") || errors[0].hasPrefix("error: cannot write")), "\(closed.stderr)")
            // A pipe whose reader has gone (`report-gen plan job.json | head -0`): EPIPE, not a
            // silent death by SIGPIPE. The shell reports report-gen's own status on standard error.
            let broken = try ReportGen.run(after: #"{ sleep 0.5; "$@"; echo "status $?" >&2; } | true"#, arguments)
            #expect(broken.stderr.contains("status 73"), "\(arguments): \(broken.stderr)")
            #expect(broken.stderr.contains("Broken pipe"), "\(broken.stderr)")
        }
    }
}
