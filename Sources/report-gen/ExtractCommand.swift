import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// `report-gen extract report.pdf -o job.json`: the files a report carries, read back out.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Read back the job (or its plan) that a report carries inside.",
        usage: """
            report-gen extract report.pdf -o job.json
            report-gen extract report.pdf --record -o record.json
            report-gen extract report.pdf --plan
            report-gen extract season.pdf --job 3 -o job-3.json
            report-gen extract season.pdf --list
            """,
        discussion: """
            Examples:
              report-gen extract spray-report.pdf -o job.json
              report-gen extract season.pdf --job 3 --record
              report-gen extract spray-report.pdf --all -o attachments/

            Every PDF report-gen writes (unless --pdf-standard none) carries, as PDF/A-3 associated files, \
            the job exactly as it was read, the record of the application (as `report-gen record --format \
            json` writes it) and the plan (as `report-gen plan --json` writes it); a combined document carries \
            those of every job. extract writes them out: the job by default, the record with --record, the \
            plan with --plan, one job of a combined document with --job, or every file into a folder with --all. \
            Without --job, a combined document gives its jobs as one history (a JSON array) that `batch` reads.

            validate, plan, render and batch also take such a PDF in place of the job: a report re-opens as its job.

            Exit status: 0 done, 64 usage error, 65 the PDF carries no such file, 66 the PDF not readable, \
            73 output not writable.
            """
    )

    @Argument(help: "The PDF report.", completion: .file(extensions: ["pdf"]))
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write; - for standard output (the default). A folder with --all.", valueName: "path"),
            completion: .file())
    var output: String?

    @Flag(help: "The record of the application (JSON) instead of the job.")
    var record = false

    @Flag(help: "The plan (how to load the sprayer) instead of the job.")
    var plan = false

    @Option(help: ArgumentHelp("In a combined document, the job with this number (from 1).", valueName: "number"))
    var job: Int?

    @Flag(help: "Write every attached file into the folder given with -o, under its own name.")
    var all = false

    @Flag(help: "List the attached files instead of writing them (on standard output).")
    var list = false

    @Flag(help: "With --all, replace files of the folder that have an attachment's name (else they are kept).")
    var overwrite = false

    func validate() throws {
        if let job, job < 1 { throw ValidationError("--job must be 1 or more") }
        if all, output == nil || output == "-" { throw ValidationError("--all writes files into a folder: give it with -o FOLDER") }
        if all, plan || record || job != nil { throw ValidationError("--all writes every file; leave out --record, --plan and --job") }
        if all, list { throw ValidationError("choose --all (write every file) or --list (name them)") }
        if list, plan || record || job != nil { throw ValidationError("--list names every file; leave out --record, --plan and --job") }
        if list, output != nil { throw ValidationError("--list prints on standard output; leave out -o (redirect it with > FILE)") }
        if overwrite, !all { throw ValidationError("--overwrite is for --all, whose files are named by the PDF; a file given with -o is always replaced whole") }
        if plan, record { throw ValidationError("choose --record or --plan") }
    }

    func run() throws {
        if list {
            // Names and descriptions come from the PDF: escaped, so that none can move the
            // cursor or fake a line of the listing. No file is kept: each is read, counted, let go.
            let lines = try Self.read(input) { path throws(RenderError) in try PDFAttachmentReader.listing(inFile: path) }.map { attachment, size in
                [attachment.name, attachment.relationship.rawValue, "\(size) bytes", attachment.description]
                    .map { TerminalText.escaped($0, escapingTabs: true) }.joined(separator: "\t")
            }
            return try FileHandleOutput.print(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
        }
        // Only the files asked for are read: --all reads every one, else the job's, plan's or record's.
        let wanted: Set<PDFAttachment.Relationship>? = all ? nil : [relationship]
        let attachments = try Self.read(input) { path throws(RenderError) in try PDFAttachmentReader.attachments(inFile: path, relationships: wanted) }
        let protected = Set([FileIdentity(path: input)].compactMap { $0 })
        if all { return try writeAll(attachments) }
        let bytes = try chosen(from: attachments)
        try OutputWriter.writeAll([(output ?? "-", bytes)], protecting: protected)
    }

    /// Every attached file into the folder, under names made safe and unique
    /// (``AttachmentFileName``): all written or none, none through a link or onto a special
    /// file, an existing file kept unless --overwrite; each name said on standard error.
    private func writeAll(_ attachments: [PDFAttachment]) throws {
        let folder = output ?? "."
        try BatchCommand.makeFolder(folder)
        let names = AttachmentFileName.names(for: attachments.map(\.name))
        let files = zip(attachments, names).map { attachment, name in
            DataNamedFiles.File(path: URL(filePath: folder, directoryHint: .isDirectory).appending(path: name, directoryHint: .notDirectory).path,
                                bytes: attachment.bytes)
        }
        let outcomes: [(path: String, outcome: StagedFile.Outcome)]
        do {
            outcomes = try DataNamedFiles.write(files, replacing: overwrite)
        } catch {
            throw OutputWriter.fail(error)
        }
        var kept = 0
        for ((path, outcome), attachment) in zip(outcomes, attachments) {
            let renamed = URL(filePath: path).lastPathComponent == attachment.name ? "" : " (attached as \(String(reflecting: attachment.name)))"
            switch outcome {
            case .created: FileHandleOutput.standardError.write("wrote \(TerminalText.escaped(path + renamed))\n")
            case .replaced: FileHandleOutput.standardError.write("replaced \(TerminalText.escaped(path + renamed))\n")
            case .kept:
                kept += 1
                Console.warning(say("file-kept", ["name": path + renamed]))
            }
        }
        if kept > 0 {
            Console.warning(say("some-files-kept", ["count": String(kept), "total": String(outcomes.count)]))
        }
    }

    /// The file asked for: the job (or plan) of the one job, of job --job, or every job as a history.
    /// The relationship of the file asked for: the plan's, the record's or the job's.
    private var relationship: PDFAttachment.Relationship { plan ? .supplement : record ? .data : .source }

    private func chosen(from attachments: [PDFAttachment]) throws -> [UInt8] {
        let files = attachments.filter { $0.relationship == relationship }
        let what = plan ? "plan" : record ? "record" : "job"
        guard !files.isEmpty else {
            Console.error(say("carries-none." + what, ["name": input]))
            throw ExitStatus.badData
        }
        if let job {
            guard job <= files.count else {
                Console.error(say("job-out-of-range." + what, count: files.count, ["name": input, "job": String(job)]))
                throw ExitStatus.badData
            }
            return files[job - 1].bytes
        }
        if files.count == 1 { return files[0].bytes }
        guard relationship == .source else {
            Console.error(say("choose-one." + what, ["name": input, "count": String(files.count)]))
            throw ExitStatus.badData
        }
        do {
            return try PDFAttachmentReader.input(from: attachments, name: input)
        } catch {
            Console.error(said(error))
            throw ExitStatus.badData
        }
    }

    /// What `reading` finds in the PDF at `path` (66 when it cannot be read as a PDF).
    static func read<Found>(_ path: String, _ reading: (String) throws(RenderError) -> Found) throws -> Found {
        // The file is closed again (the handle released) before qpdf opens it.
        let prefix: [UInt8] = try {
            let handle = try InputReader.open(path, readingReports: false)
            return (try? handle.read(upTo: 5)) ?? []
        }()
        guard PDFAttachmentReader.isPDF(prefix) else {
            Console.error(say("not-a-pdf", ["name": path]))
            throw ExitStatus.unreadableInput
        }
        do {
            return try reading(path)
        } catch {
            Console.error("\(path): \(said(error))")
            throw error.missingDependency ? ExitStatus.unavailable : ExitStatus.unreadableInput
        }
    }
}
