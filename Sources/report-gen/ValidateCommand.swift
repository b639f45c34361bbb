import ArgumentParser
import ReportKit

/// `report-gen validate INPUT`: checks a job (or every job of a history) without rendering.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a job or a history without making a report.",
        discussion: """
            Examples:
              report-gen validate job.json
              report-gen validate season.jsonl --record-check pl --strict
              report-gen validate season.jsonl --products labels.csv
              report-gen validate season.jsonl --diagnostics json 2> problems.jsonl

            Reads everything `report-gen batch` reads: one job, the app's history, an array of v1 jobs, \
            {"version": 1, "jobs": [...]}, or JSON Lines (read as a stream, any length). Prints one line per \
            valid job, and every problem as `error: <JSON path>: <problem>` on standard error (for a \
            history, after the entry's number, line and id). Exit status: 0 all valid, 65 some invalid, 66 \
            input not readable, 73 standard output not writable.

            With --record-check eu|pl|us (or its old name --record) it also lists, per job, what that jurisdiction's spray record asks for \
            that the job lacks, as warnings with the JSON path and the rule ("$.products[1].authorisation: \
            the EU record needs the product's authorisation number (Reg. 2023/564, Annex)"); --strict makes \
            them errors (exit 65).

            With --products FILE (a product catalogue, docs/product-catalogue.md) each product's missing \
            authorisation number, kind, active ingredients and intervals are filled from its label, and \
            warnings name an unknown or expired authorisation, a dose above the label's maximum, a growth \
            stage outside its window and, over a history, more treatments of a product on a parcel and crop \
            in a year than its label allows.
            """
    )

    @Argument(help: "The job or history file (or a report report-gen made, which carries its jobs), or - for standard input.",
              completion: Completions.inputs)
    var input: String

    @Option(name: [.customLong("record-check"), .customLong("record")],
            help: ArgumentHelp("Also list what this jurisdiction's spray record asks for that each job lacks: eu, pl, de or us (warnings; --record is the old name).",
                               valueName: "jurisdiction"),
            completion: Choice.completion(RecordJurisdiction.self), transform: Choice.parse)
    var record: RecordJurisdiction?

    @Flag(help: "Make the --record-check warnings errors (exit 65).")
    var strict = false

    @Option(name: .customLong("time-zone"), help: TimeZoneOption.help)
    var timeZoneName: String?

    @Option(name: .customLong("config"), help: ConfigOption.help, completion: .file(extensions: ["json"]))
    var configPath: String?

    @Option(help: "The language of the messages: en, pl or de (default: the configuration's locale, else en, whatever the jobs' own).",
            completion: Choice.completion(ReportLanguage.self), transform: Choice.parse)
    var locale: ReportLanguage?

    @Option(name: .customLong("diagnostics"), help: DiagnosticsOption.help, completion: Choice.completion(DiagnosticsOption.Format.self),
            transform: Choice.parse)
    var diagnosticsFormat: DiagnosticsOption.Format = .text

    @Option(name: .customLong("products"), help: ProductsOption.help, completion: ProductsOption.completion)
    var productsPath: String?

    func validate() throws {
        try TimeZoneOption.check(timeZoneName)
        if strict, record == nil { throw ValidationError("--strict makes the --record-check warnings errors: give --record-check eu, pl, de or us") }
    }

    func run() throws {
        DiagnosticsOption.begin(diagnosticsFormat)
        try MessageLanguage.prepare(locale: locale, configPath: configPath)
        let sink = DiagnosticsOption.sink(diagnosticsFormat)
        defer { sink.printSummary() }
        let catalogue = try ProductsOption.load(productsPath)
        let name = InputReader.displayName(input)
        let zone = TimeZoneOption.rules(timeZoneName, default: try ConfigOption.load(configPath).timeZone)
        // Every task is checked; one that cannot be read makes the exit status 65 at the end.
        let unreadable = TaskTally()
        let handle = try InputReader.open(input, timeZone: zone, unreadableTasks: .leaveOut(unreadable))
        let reader = try HistoryInput.reader(handle, input: input, timeZone: zone)
        // A report's record must be its job's: checked first, its contradictions are errors. A
        // record that agrees may hold more than the job (facts filled in when the report was
        // made): those count toward --record-check, as the report prints them.
        let (recordAgrees, recordFacts) = try checkAttachedRecord(name: name, zone: zone, sink: sink)
        if recordAgrees, let recordFacts { reader.fillIn = recordFacts }
        // One job, as a document or as JSON Lines of one line, reads as that job, without entry
        // numbers (the walk tells); anything else is a history, checked one entry at a time.
        let walk = HistoryWalk([reader], record: record, catalogue: catalogue)
        let first = try HistoryInput.next(walk)
        if let first, first.isOnlyJob {
            var incomplete = 0
            guard let line = check(first, label: name, errorPrefix: "", sink: sink, incomplete: &incomplete) else { throw ExitStatus.badData }
            try FileHandleOutput.print(line + "\n")
            emitSeasonWarnings(walk, name: name, sink: sink)
            if (strict && incomplete > 0) || !recordAgrees || unreadable.count > 0 { throw ExitStatus.badData }
            return
        }
        try checkHistory(first, walk: walk, name: name, sink: sink)
        if !recordAgrees || unreadable.count > 0 { throw ExitStatus.badData }
    }

    /// For a report given as input: the record it carries against its job, planned again
    /// (``AttachedRecordCheck``); each contradiction is an error. False when there is one; with
    /// the facts the record adds to its job (``AttachedRecordFacts``), when it is one report's.
    private func checkAttachedRecord(name: String, zone: TimeZoneRules?, sink: DiagnosticSink) throws -> (Bool, RecordFillIn?) {
        guard input != "-", FileStatus(path: input)?.kind == .regular,
              let prefix = InputFile(forReadingAtPath: input).flatMap({ try? $0.read(upTo: 5) }), PDFAttachmentReader.isPDF(prefix),
              let attachments = try? PDFAttachmentReader.attachments(inFile: input, relationships: [.source, .data]) else { return (true, nil) }
        let contradictions = AttachedRecordCheck.contradictions(in: attachments, keywords: try? PDFAttachmentReader.keywords(inFile: input), timeZone: zone)
        for contradiction in contradictions {
            sink.emit(DiagnosticRecord(file: name, path: "$", rule: "record.attached-mismatch", severity: .error,
                                       message: "\(contradiction): the record the report carries is not its job's"),
                      text: "\(name): \(contradiction): the record the report carries is not its job's")
        }
        return (contradictions.isEmpty, AttachedRecordFacts.fillIn(from: attachments))
    }

    /// Checks every entry of a history, one at a time (`first` already read), and prints how
    /// many were valid.
    private func checkHistory(_ first: HistoryWalk.Entry?, walk: HistoryWalk, name: String, sink: DiagnosticSink) throws {
        var valid = 0, total = 0, incomplete = 0
        var pending = first
        while let walked = try pending ?? HistoryInput.next(walk) {
            pending = nil
            total += 1
            let label = Self.label(index: walked.entry.index, line: walked.entry.line, id: walked.entry.id)
            if let line = check(walked, label: "\(name) \(label)", errorPrefix: "\(label): ", sink: sink, incomplete: &incomplete) {
                try FileHandleOutput.print(line + "\n")
                valid += 1
            }
        }
        emitSeasonWarnings(walk, name: name, sink: sink)
        // The summary agrees with the exit status: under --strict a job the record check finds
        // lacking is not valid, and is counted apart.
        var summary = say("jobs-valid", ["name": name, "valid": String(strict ? valid - incomplete : valid), "total": String(total)])
        if let record, incomplete > 0 {
            summary += say(strict ? "jobs-lacking-strict" : "jobs-lacking", count: incomplete, ["record": record.rawValue])
        }
        try FileHandleOutput.print(summary + "\n")
        if valid < total || (strict && incomplete > 0) { throw ExitStatus.badData }
    }

    /// What only the whole season shows (a product applied more often than its label allows),
    /// after the entries.
    private func emitSeasonWarnings(_ walk: HistoryWalk, name: String, sink: DiagnosticSink) {
        for warning in walk.seasonWarnings(language: MessageLanguage.language, definitions: MessageLanguage.definitions) {
            let label = warning.entry.map { Self.label(index: $0 - 1, line: warning.line, id: warning.id) }
            sink.emit(warning, text: "\(name)\(label.map { " \($0)" } ?? ""): \(warning.path): \(warning.message)")
        }
    }

    /// "entry 3 (line 3, id "calc-17")".
    private static func label(index: Int, line: Int?, id: String?) -> String {
        entryLabel(index: index, line: line, id: id)
    }

    /// "job.json: valid v1 job, 12.5 ha, 3 loads", or nil after reporting its errors.
    /// `incomplete` counts the jobs the --record check found lacking.
    private func check(_ walked: HistoryWalk.Entry, label: String, errorPrefix: String, sink: DiagnosticSink, incomplete: inout Int) -> String? {
        let checked = walked.check
        // Each record beside the text it has always had: errors after the entry, the rest after its label.
        for diagnostic in walked.saidRecords(strict: strict) {
            let text = diagnostic.severity == .error && checked.plan == nil
                ? errorPrefix + "\(diagnostic.path): \(diagnostic.message)" : "\(label): \(diagnostic.path): \(diagnostic.message)"
            sink.emit(diagnostic, text: text)
        }
        guard let plan = checked.plan else { return nil }
        if !checked.missing.isEmpty { incomplete += 1 }
        let job = plan.job
        let area = NumberStyle(decimalSeparator: ".", groupingSeparator: "").format(given: job.field.area.value)
        // Under --strict a job its record check finds lacking is not called valid.
        let verdict = strict && !checked.missing.isEmpty ? "job-incomplete" : "job-valid"
        return say(verdict, count: plan.loads.count, ["label": label, "format": job.source.rawValue, "area": "\(area) \(job.field.area.unit.rawValue)"])
    }
}
