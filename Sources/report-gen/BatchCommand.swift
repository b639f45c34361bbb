import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// `report-gen batch HISTORY -o DIR` or `--combined FILE.pdf`: the reports of a whole history.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Make the reports of a whole history: one PDF per job, or one combined document.",
        usage: """
            report-gen batch history.json -o reports/
            report-gen batch season.jsonl --combined season.pdf --locale pl
            app-export | report-gen batch - -o reports/ --jobs 4
            """,
        discussion: """
            Examples:
              report-gen batch history.json -o reports/
              report-gen batch season.jsonl --combined season.pdf --record-check pl
              report-gen batch season.jsonl -o reports/ --diagnostics json

            HISTORY is the app's history (a JSON array of its calculations), a JSON array of v1 jobs, \
            {"version": 1, "jobs": [...]}, or JSON Lines (one v1 job per line; .jsonl, or found by its \
            first line), which is read as a stream. - reads standard input.

            With -o, each job's report is named NNNN_DATE_FIELD_ID.pdf (its number in the history, its \
            date, field and id, with anything but letters and digits made a hyphen), and files already \
            there are kept unless --overwrite. With --combined, the document starts with a cover listing \
            every job, each line linking to the job's pages, and has one outline entry per job.

            A bad entry is reported with its number, line, id, the JSON path and the problem, and the \
            others are still written. The output is the same whatever --jobs is. Ctrl-C stops after the \
            jobs in progress: finished files stay, no partial file is left.

            Exit status: 0 all written, 65 some entries invalid (or the history or a template), 66 \
            history not readable, 69 fonts, colour profile or (to read a PDF) qpdf missing, or a cairo other than the one PDFs are finished for (see --version), 73 output not writable, 128 + the signal's number when \
            stopped by Ctrl-C (130), SIGTERM (143), SIGHUP (129) or SIGQUIT (131).
            """
    )

    @Argument(help: "The history file (or a combined document report-gen made, which carries its jobs), or - for standard input.",
              completion: Completions.inputs)
    var history: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder for one PDF per job (made if missing).", valueName: "folder"),
            completion: .directory)
    var output: String?

    @Option(help: ArgumentHelp("Write one document with a cover instead of one file per job.", valueName: "file.pdf"),
            completion: .file(extensions: ["pdf"]))
    var combined: String?

    @Option(help: ArgumentHelp("The cover's template for --combined (default: history-summary).", valueName: "name-or-path"),
            completion: Completions.templates)
    var cover: String?

    @Option(name: .long, help: "Jobs made at once (default: the number of processors).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("record-check"), help: ArgumentHelp(
        "Warn of what this jurisdiction's spray record asks for that each job lacks: eu, pl, de or us.", valueName: "jurisdiction"),
            completion: Choice.completion(RecordJurisdiction.self), transform: Choice.parse)
    var recordCheck: RecordJurisdiction?

    @Option(name: .customLong("diagnostics"), help: DiagnosticsOption.help, completion: Choice.completion(DiagnosticsOption.Format.self),
            transform: Choice.parse)
    var diagnosticsFormat: DiagnosticsOption.Format = .text

    @Flag(help: "Replace files that are already there.")
    var overwrite = false

    @Flag(help: "Stop at the first entry that fails.")
    var failFast = false

    @Flag(name: .shortAndLong, help: "No progress display and no summary: errors only.")
    var quiet = false

    @OptionGroup var report: ReportOptionGroup

    func validate() throws {
        switch (output, combined) {
        case (nil, nil): throw ValidationError("say where to write: -o FOLDER for one PDF per job, or --combined FILE.pdf")
        case (.some, .some): throw ValidationError("give either -o FOLDER or --combined FILE.pdf, not both")
        default: break
        }
        if cover != nil, combined == nil { throw ValidationError("--cover is the cover of a --combined document; one file per job has none") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256") }
        if output == "-" || combined == "-" {
            throw ValidationError("a batch writes files: -o takes a folder and --combined a file name, not standard output")
        }
        if let combined, let named = RenderCommand.format(ofName: combined), named != .pdf {
            throw ValidationError("--combined writes a PDF; \(combined) names a .\(named.rawValue) file. Give a name ending in .pdf")
        }
    }

    /// `fitting` of the `wanted` threads, said when fewer; an error (69) when none fit.
    /// `limit` names the limit's words (`run.limit.address-space`), `values` the figures its refusal gives.
    private func threadsThatFit(_ fitting: Int, of wanted: Int, limit: String, values: [String: String]) throws -> Int {
        guard fitting > 0 else {
            Console.error(say("limit." + limit, values))
            throw ExitStatus.unavailable
        }
        if fitting < wanted, !quiet {
            Console.warning(say("limit-room", ["limit": say("limit-name." + limit), "fitting": String(fitting), "wanted": String(wanted)]))
        }
        return fitting
    }

    func run() throws {
        DiagnosticsOption.begin(diagnosticsFormat)
        try report.prepareMessages()
        var inputs = InputReader.identities(of: history, report: report)
        let cover = cover ?? "history-summary"
        if let cover = FileIdentity(path: cover) { inputs.insert(cover) }
        // Under an address-space limit (ulimit -v), then an open-file limit (ulimit -n), only the
        // threads that fit are started; none fitting refuses the batch before it writes anything.
        let addressable = try threadsThatFit(AddressSpace.workersThatFit(jobs), of: jobs, limit: "address-space",
                                             values: ["megabytes": String(AddressSpace.bytesForOneWorker >> 20)])
        let threads = try threadsThatFit(FolderExport.threadsThatFit(addressable), of: addressable, limit: "open-files",
                                         values: ["limit": String(FolderExport.currentOpenFileLimit() ?? 0)])
        let reportOptions = try report.reportOptions()
        let options = BatchOptions(report: reportOptions, coverTemplate: cover, threads: threads, overwrite: overwrite,
                                   failFast: failFast, inputs: inputs, recordCheck: recordCheck)
        let destination: BatchDestination = combined.map { .combined($0) } ?? .folder(output ?? ".")
        let exporter = BatchExporter(options: options, destination: destination)
        do {
            try exporter.checkSetup()
        } catch {
            throw Self.fail(error)
        }

        // A batch goes on past an entry it cannot make, unless --fail-fast: so past a task it cannot read.
        let handle = try InputReader.open(history, timeZone: report.timeZoneRules, unreadableTasks: failFast ? .refuse : .leaveOut(nil))
        let reader: HistoryReader
        do {
            reader = try HistoryReader(handle: handle, name: history == "-" ? nil : history)
            reader.timeZone = report.timeZoneRules
        } catch {
            throw Self.fail(.history(error))
        }
        // Only once the history can be read: a failed run leaves no empty folder behind.
        if case .folder(let folder) = destination { try Self.makeFolder(folder) }
        let display = BatchDisplay(interactive: ProgressLine.isTerminal && !quiet, destination: destination,
                                   showsWarnings: recordCheck != nil || reportOptions.catalogue != nil, sink: DiagnosticsOption.sink(diagnosticsFormat))
        // One job (alone, or JSON Lines of one line) names no entry, as every command says it.
        display.isOneJob = { reader.isOneJob }
        if display.interactive, reader.format == .lines, history != "-" {
            display.expectedTotal = HistoryReader.countLines(atPath: history)
        }

        let trap = SignalTrap(.afterCurrentJobs)
        defer { trap.remove() }
        let summary: BatchSummary
        do {
            summary = try exporter.run(reader, cancellation: trap.cancellation, events: display.events)
        } catch {
            display.finishLine()
            if case .nothingToWrite(let summary) = error { display.printSummary(summary) }
            throw Self.fail(error)
        }
        display.printSummary(summary)
        if let signal = trap.receivedSignal {
            Console.error(say("stopped-by-signal", ["signal": SignalTrap.name(of: signal)]))
            throw ExitCode(128 + signal)
        }
        if let output = summary.unusableOutput {
            let cause = output.systemError.map { String(cString: strerror($0)) } ?? output.message
            Console.error(say("folder-full", ["cause": cause, "written": String(summary.written)]))
            throw ExitStatus.unwritableOutput
        }
        if summary.stoppedAtFailure { Console.error(say("stopped-at-failure")) }
        if summary.failed > summary.unwritable { throw ExitStatus.badData }
        if summary.unwritable > 0 { throw ExitStatus.unwritableOutput }
    }

    /// Reports a batch that could not run to its end, and its exit status.
    private static func fail(_ error: BatchError) -> ExitCode {
        switch error {
        case .setup(let error):
            Console.report(error)
            return ExitStatus.of(error)
        case .history(.invalid(let error)):
            Console.report(error)
            return ExitStatus.badData
        case .history(.unreadable(let message)):
            Console.error(message)
            return ExitStatus.unreadableInput
        case .unwritable(let error):
            return OutputWriter.fail(error)
        case .render(let error):
            Console.error(said(error))
            return ExitStatus.unavailable
        case .nothingToWrite:
            Console.error(said(error))
            return ExitStatus.badData
        }
    }

    /// Makes the output folder (and its parents) when it is missing.
    static func makeFolder(_ folder: String) throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory else {
                Console.error(say("output-is-file", ["folder": folder]))
                throw ExitStatus.unwritableOutput
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            Console.error(say("folder-not-made", ["folder": folder, "cause": SystemErrorText.describe(error)]))
            throw ExitStatus.unwritableOutput
        }
    }
}
