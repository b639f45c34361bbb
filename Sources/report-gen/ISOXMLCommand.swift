import ArgumentParser
import FoundationEssentials
import ReportKit

/// `report-gen isoxml INPUT -o DIR`: jobs as ISO 11783-10 task data for a sprayer's terminal.
struct ISOXMLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isoxml",
        abstract: "Write jobs as ISO 11783-10 task data (TASKDATA/TASKDATA.XML) for an ISOBUS sprayer terminal.",
        discussion: """
            Examples:
              report-gen isoxml job.json -o usb-stick/
              report-gen isoxml season.jsonl -o export/ --overwrite

            Each job becomes a task (TSK) on its field (PFD) and holding (CTR), with one treatment zone \
            whose setpoint rates are the spray liquid on the tank mix (a temporary mixture of the products \
            and water) and each product's own rate, in the DDIs, units and resolutions of ISO 11783-11's data \
            dictionary (docs/isoxml.md). A dose a DDI's resolution cannot hold (DDI 0x0006 counts in 10 g/ha) \
            is written to the nearest step and listed as a warning with the difference in per cent. Names longer than the standard's 32 characters are shortened and listed as \
            warnings. Writes DIR/TASKDATA/TASKDATA.XML (version 4.3); a TASKDATA.XML already there is kept \
            unless --overwrite (it may hold a terminal's logs).

            Exit status: 0 written, 64 usage error, 65 an entry is not a valid job (nothing written), 66 input \
            not readable, 73 the folder cannot be written or TASKDATA.XML is already there.
            """
    )

    @Argument(help: "The job or history (or a report report-gen made); - for standard input.", completion: Completions.inputs)
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write TASKDATA/TASKDATA.XML into (made if missing).", valueName: "folder"),
            completion: .directory)
    var output: String

    @Option(help: "The language of the names report-gen gives (the water, an unnamed field) and of its messages: en, pl or de (default: the first job's own; messages: en).",
            completion: Choice.completion(ReportLanguage.self), transform: Choice.parse)
    var locale: ReportLanguage?

    @Flag(help: "Replace a TASKDATA.XML already in the folder.")
    var overwrite = false

    @Option(name: .customLong("time-zone"), help: TimeZoneOption.help)
    var timeZoneName: String?

    @Option(name: .customLong("diagnostics"), help: DiagnosticsOption.help, completion: Choice.completion(DiagnosticsOption.Format.self),
            transform: Choice.parse)
    var diagnosticsFormat: DiagnosticsOption.Format = .text

    func validate() throws {
        try TimeZoneOption.check(timeZoneName)
        // A folder is meant: "-" names standard output, where no folder of task data can go.
        if output == "-" { throw ValidationError("-o must name a folder (TASKDATA/TASKDATA.XML is made inside it); - is standard output, which cannot hold a folder") }
    }

    func run() throws {
        DiagnosticsOption.begin(diagnosticsFormat)
        MessageLanguage.state(locale)
        let sink = DiagnosticsOption.sink(diagnosticsFormat)
        defer { sink.printSummary() }
        let zone = TimeZoneOption.rules(timeZoneName, default: nil)
        let reader = try HistoryInput.reader(try InputReader.open(input, timeZone: zone), input: input, timeZone: zone)
        let name = InputReader.displayName(input)
        var plans: [SprayPlan] = []
        var invalid = 0
        let walk = HistoryWalk([reader])
        while let walked = try HistoryInput.next(walk) {
            for record in walked.saidRecords() where record.severity == .error {
                let where_ = record.entry.map { "\(name) " + say("entry", ["number": String($0)]) } ?? name
                sink.emit(record, text: "\(where_): \(record.path): \(record.message)")
            }
            if let plan = walked.check.plan { plans.append(plan) } else { invalid += 1 }
        }
        guard invalid == 0, !plans.isEmpty else {
            Console.error(invalid > 0 ? "\(name): \(invalid) entr\(invalid == 1 ? "y is" : "ies are") not a valid job; no task data written"
                                      : "\(name): no job to write")
            throw ExitStatus.badData
        }
        let language = locale ?? plans[0].job.locale
        let made: (bytes: [UInt8], warnings: [DiagnosticRecord])
        do {
            made = try TaskDataExport.file(of: plans, language: language)
        } catch {
            Console.error(said(error))
            throw ExitStatus.of(.render(error))
        }
        for warning in made.warnings {
            sink.emit(warning, text: "\(name): \(warning.message)")
        }
        let folder = (output.hasSuffix("/") ? String(output.dropLast()) : output) + "/TASKDATA"
        // The task file being read is never the one written (with --overwrite it was replaced).
        let read = FileStatus(path: input)?.kind == .directory ? input + "/TASKDATA.XML" : input
        if let reading = FileIdentity(path: read), let writing = FileIdentity(path: folder + "/TASKDATA.XML"), reading == writing {
            Console.error(say("taskdata-is-input", ["folder": folder]))
            throw ExitCode.validationFailure
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            Console.error(say("folder-not-made", ["folder": folder, "cause": SystemErrorText.describe(error)]))
            throw ExitStatus.unwritableOutput
        }
        // A name the tool makes inside the folder given: the policy of files named from data
        // (staged, never written through a link or into a pipe, replaced only with --overwrite).
        let outcome: StagedFile.Outcome
        do {
            outcome = try DataNamedFiles.write([DataNamedFiles.File(path: folder + "/TASKDATA.XML", bytes: made.bytes)], replacing: overwrite)[0].outcome
        } catch {
            throw OutputWriter.fail(error)
        }
        guard outcome != .kept else {
            Console.error(say("taskdata-kept", ["folder": folder]))
            throw ExitStatus.unwritableOutput
        }
        try FileHandleOutput.print("\(folder)/TASKDATA.XML: \(plans.count) task\(plans.count == 1 ? "" : "s")\n")
    }
}
