import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// `report-gen record INPUT -o FILE`: the legal record of the applications, machine-readable.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the record of the applications: one line per product of each job, as CSV, JSON, an Excel workbook or the printed register.",
        usage: """
            report-gen record season.jsonl -o season.csv
            report-gen record history.json -o record.json --record-check pl
            report-gen record april.jsonl may.jsonl june.jsonl -o season.pdf
            app-export | report-gen record - --format json
            """,
        discussion: """
            Examples:
              report-gen record season.jsonl -o season.csv
              report-gen record april.jsonl may.jsonl -o season.json
              report-gen record season.jsonl -o register.pdf --locale pl --record-check pl

            Reads a job or a history in any form `batch` reads (JSON Lines as a stream, a season in flat \
            memory), or a report report-gen made; several files make one season, read in turn. Writes one line per product of each job, the job's facts \
            repeated on each: date and times with their offset, holding, parcels, crop and its EPPO code, \
            cropped and treated area, BBCH, reason and its codes, product and authorisation, the dose as \
            given and per hectare, the product used, spray volume, operator and licence, equipment, weather, \
            notes (docs/record-format.md; JSON: docs/record-v3.schema.json). The format is --format, else \
            the output's extension, else CSV.

            An invalid entry is reported with its number and JSON path, and then no file is written (exit \
            65): a record that leaves an application out is not the record. --skip-invalid writes the valid \
            entries' lines all the same (still exit 65); standard output is written as the lines are read. --record-check eu|pl|us lists what that jurisdiction's record asks for that each job \
            lacks, as warnings; with --strict they are errors (exit 65, the record still written).

            Exit status: 0 done, 64 usage error, 65 some entries invalid (or incomplete with --strict), \
            66 input not readable, 73 output not writable.
            """
    )

    @Argument(help: "The jobs or histories (or reports report-gen made), one season read in turn; - for standard input.",
              completion: Completions.inputs)
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write; - for standard output (the default).", valueName: "path"),
            completion: .file(extensions: ["csv", "json", "pdf", "xlsx"]))
    var output = "-"

    /// The record's forms: its machine-readable ones, a workbook, and the season register to print.
    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case csv, json, xlsx, pdf
    }

    @Option(help: "csv, json, xlsx (an Excel workbook), or pdf for the season register (default: from the output's extension, else csv).",
            completion: Choice.completion(OutputFormat.self), transform: Choice.parse)
    var format: OutputFormat?

    /// The CSV's dialects.
    enum CSVDialect: String, ExpressibleByArgument, CaseIterable {
        case standard
        case excelPolish = "excel-pl"
        case excelGerman = "excel-de"

        var format: RecordFormat {
            switch self {
            case .standard: .csv
            case .excelPolish: .csvExcelPolish
            case .excelGerman: .csvExcelGerman
            }
        }
    }

    @Option(name: .customLong("csv-dialect"), help: ArgumentHelp(
        "standard (RFC 4180: commas, decimal points), excel-pl or excel-de (semicolons, decimal commas and a byte order mark, as Excel set to Polish or German opens it).",
        valueName: "dialect"), completion: Choice.completion(CSVDialect.self), transform: Choice.parse)
    var csvDialect: CSVDialect = .standard

    @Option(help: "The language of the register (pdf), the workbook's headers (xlsx) and report-gen's messages: en, pl or de (default: the first job's own, else the configuration's; messages: the configuration's, else en). The CSV and JSON record keep their English column names.",
            completion: Choice.completion(ReportLanguage.self), transform: Choice.parse)
    var locale: ReportLanguage?

    @Option(name: .customLong("record-check"), help: ArgumentHelp("Warn of what this jurisdiction's record asks for that a job lacks: eu, pl, de or us.",
                                                                 valueName: "jurisdiction"),
            completion: Choice.completion(RecordJurisdiction.self), transform: Choice.parse)
    var recordCheck: RecordJurisdiction?

    @Flag(help: "Make the --record-check warnings errors (exit 65).")
    var strict = false

    @Option(name: .customLong("time-zone"), help: TimeZoneOption.help)
    var timeZoneName: String?

    @Option(name: .customLong("products"), help: ProductsOption.help, completion: ProductsOption.completion)
    var productsPath: String?

    @Option(help: "The register's paper: a4 or letter (default: the configuration's, else Letter when every job is in US units, else A4).",
            completion: Choice.completion(Paper.self), transform: Choice.parse)
    var paper: Paper?

    @Option(help: ArgumentHelp("A folder of definitions (`templates --export`): the register's template and texts from it.", valueName: "folder"),
            completion: .directory)
    var definitions: String?

    @Option(name: .customLong("config"), help: ConfigOption.help, completion: .file(extensions: ["json"]))
    var configPath: String?

    @Option(name: .customLong("diagnostics"), help: DiagnosticsOption.help, completion: Choice.completion(DiagnosticsOption.Format.self),
            transform: Choice.parse)
    var diagnosticsFormat: DiagnosticsOption.Format = .text

    /// The format asked for, else the output's extension's, else CSV.
    var chosenFormat: OutputFormat {
        format ?? OutputFormat(rawValue: URL(fileURLWithPath: output).pathExtension.lowercased()) ?? .csv
    }

    @Flag(help: "Write the record of the valid entries even when some are invalid (still exit 65); without it, nothing is written then.")
    var skipInvalid = false

    /// Extensions of formats the record is not written in: a record in `season.png` would be
    /// CSV under an image's name.
    static let otherFormats: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "tif", "tiff", "xls", "ods", "odt", "doc",
                                            "docx", "xml", "html", "htm", "zip", "gz", "txt", "jsonl", "md"]

    func validate() throws {
        try TimeZoneOption.check(timeZoneName)
        if inputs.isEmpty { throw ValidationError("Missing expected argument '<inputs> ...': the job or history to record") }
        if inputs.count(where: { $0 == "-" }) > 1 { throw ValidationError("standard input (-) can be read once") }
        let named = URL(fileURLWithPath: output).pathExtension.lowercased()
        if let format, output != "-", let named = OutputFormat(rawValue: named), named != format {
            throw ValidationError("--format \(format.rawValue) writes \(format.rawValue.uppercased()), but \(output) names a .\(named.rawValue) file; make them agree")
        }
        if output != "-", Self.otherFormats.contains(named) {
            throw ValidationError("\(output) names a .\(named) file; the record is written as .csv, .json or .pdf (the season register)")
        }
        if paper != nil, chosenFormat != .pdf {
            throw ValidationError("--paper is the season register's (--format pdf); the CSV and JSON record have no pages")
        }
        if csvDialect != .standard, chosenFormat != .csv {
            throw ValidationError("--csv-dialect is for CSV; \(chosenFormat.rawValue.uppercased()) has no dialects")
        }
        if strict, recordCheck == nil { throw ValidationError("--strict makes the --record-check warnings errors: give --record-check eu, pl, de or us") }
    }

    func run() throws {
        DiagnosticsOption.begin(diagnosticsFormat)
        try MessageLanguage.prepare(locale: locale, configPath: configPath)
        let trap = SignalTrap(.now)
        defer { withExtendedLifetime(trap) {} }
        let catalogue = try ProductsOption.load(productsPath)
        let defaults = try ConfigOption.load(configPath)
        var readers: [HistoryReader] = []
        // Carried-out tasks of task data that cannot be read: refused, or left out like invalid entries.
        let unreadableTasks = TaskTally()
        for input in inputs {
            let zone = TimeZoneOption.rules(timeZoneName, default: defaults.timeZone)
            let handle = try InputReader.open(input, timeZone: zone, unreadableTasks: skipInvalid ? .leaveOut(unreadableTasks) : .refuse)
            readers.append(try HistoryInput.reader(handle, input: input, timeZone: zone))
        }
        let definitionsFolder = try (definitions ?? defaults.definitions).map(DefinitionsFolder.open)
        // Every file the run reads, which -o may not name: the histories, the catalogue, the
        // configuration and the definitions folder's files.
        let identities = Set((inputs.map { $0 == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: $0) }
                              + [productsPath, configPath].compactMap { $0 }.map { FileIdentity(path: $0) }).compactMap { $0 })
            .union(InputReader.identities(inFolder: definitions ?? defaults.definitions))
        var options = ReportOptions(template: "spray-register", language: locale)
        options.paper = paper ?? defaults.paper
        options.catalogue = catalogue
        options.defaultLanguage = defaults.locale
        options.defaultAuthor = defaults.author
        if let definitionsFolder { options.definitions = definitionsFolder }
        let form: RecordExporter.Form = switch chosenFormat {
        case .csv: .data(csvDialect.format)
        case .json: .data(.json)
        case .xlsx: .workbook(options)
        case .pdf: .register(options)
        }
        let names = inputs.map(InputReader.displayName)
        let name = names.count == 1 ? names[0] : "\(names.count) files"
        let sink = try RecordSink(output, protecting: identities)
        let diagnostics = DiagnosticsOption.sink(diagnosticsFormat)
        defer { diagnostics.printSummary() }
        let summary: RecordSummary
        // The register and the workbook are one document each, held until it is known to be
        // written at all; the CSV and JSON record stream (to standard output as the lines are read).
        var register: [UInt8] = []
        let isRegister = chosenFormat == .pdf || chosenFormat == .xlsx
        do {
            let into: ([UInt8]) throws -> Void = isRegister ? { register += $0 } : sink.write
            // A single input is named in messages but not in the record (as before several could be read).
            let recordNames: [String?] = inputs.count == 1 ? [nil] : names
            summary = try RecordExporter(form: form, check: recordCheck, catalogue: catalogue).export(readers, names: recordNames, into: into) { event in
                func emit(_ diagnostic: Diagnostic, of entry: RecordExporter.EntryLabel, rule: String? = nil,
                          severity: DiagnosticRecord.Severity) {
                    var record = DiagnosticRecord.said(diagnostic, rule: rule, severity: severity, file: inputs.count > 1 ? names[entry.source] : nil)
                    if !entry.isOnlyJob { (record.entry, record.line, record.id) = (entry.index + 1, entry.line, entry.id) }
                    diagnostics.emit(record, text: "\(label(entry, names[entry.source])): \(diagnostic.saidWithPath)")
                }
                switch event {
                case .invalid(let entry, let problems):
                    for problem in problems { emit(problem, of: entry, severity: .error) }
                case .incomplete(let entry, let missing):
                    for diagnostic in missing {
                        emit(diagnostic, of: entry, rule: "record.\(recordCheck?.rawValue ?? "")", severity: strict ? .error : .warning)
                    }
                case .beyondLabel(let entry, let warnings):
                    for warning in warnings { emit(warning, of: entry, severity: .warning) }
                }
            }
        } catch {
            throw fail(error, name: name)
        }
        // A record that leaves applications out is not the record: a file is only replaced by
        // one that holds every entry, unless the user asks for the valid ones alone.
        guard summary.invalid == 0 || skipInvalid || (output == "-" && !isRegister) else {
            let what = chosenFormat == .pdf ? "register" : chosenFormat == .xlsx ? "workbook" : "record"
            Console.error(say("invalid-entries." + what, count: summary.invalid, ["name": name, "output": output]))
            throw ExitStatus.badData
        }
        if isRegister { try sink.write(register) }
        try sink.commit()
        if summary.invalid > 0 || summary.incomplete > 0 {
            // What the record holds and lacks, agreeing with the exit status that follows.
            var counts = say("recorded", ["name": name, "recorded": String(summary.entries - summary.invalid), "total": String(summary.entries),
                                          "lines": String(summary.lines)])
            if summary.invalid > 0 {
                let listed = chosenFormat == .csv || chosenFormat == .xlsx ? "" : isRegister ? ".register" : ".record"
                counts += say("recorded-invalid" + listed, ["count": String(summary.invalid)])
            }
            if summary.incomplete > 0, let recordCheck {
                counts += say(strict ? "recorded-lacking-strict" : "recorded-lacking", ["count": String(summary.incomplete), "record": recordCheck.rawValue])
            }
            Console.error(counts)
        }
        if summary.invalid > 0 || unreadableTasks.count > 0 || (strict && summary.incomplete > 0) { throw ExitStatus.badData }
    }

    /// "season.jsonl entry 3 (id "calc-17")", or the input's name for a single job.
    private func label(_ entry: RecordExporter.EntryLabel, _ name: String) -> String {
        entry.isOnlyJob ? name : "\(name) " + entryLabel(index: entry.index, line: nil, id: entry.id)
    }

    /// Reports why no record was made; the exit status to end with.
    private func fail(_ error: RecordExportError, name: String) -> Error {
        switch error {
        case .history(let error): return HistoryInput.fail(error)
        case .report(let error):
            Console.report(error)
            return ExitStatus.of(error)
        case .output(let error): return error
        case .registerTooLong, .nothingToRecord:
            Console.error("\(name): \(said(error))")
            return ExitStatus.badData
        }
    }
}

/// Where the record goes: standard output as it is made, or a file staged and put in place whole
/// at the end (never half a record under the file's name).
private final class RecordSink {
    private let file: StagedFile?
    private var buffer: [UInt8] = []

    init(_ path: String, protecting inputs: Set<FileIdentity>) throws {
        guard path != "-" else {
            file = nil
            return
        }
        do {
            file = try StagedFile(for: path, protecting: inputs)
        } catch {
            throw OutputWriter.fail(error)
        }
    }

    func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= 256 * 1024 { try flush() }
    }

    private func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let file else {
            do {
                try OutputFile.writeAll(buffer, to: STDOUT_FILENO)
            } catch {
                Console.error(say("standard-output", ["cause": said(error)]))
                throw ExitStatus.unwritableOutput
            }
            return
        }
        do {
            try file.append(buffer)
        } catch {
            throw OutputWriter.fail(error)
        }
    }

    func commit() throws {
        try flush()
        do {
            try file?.commit()
        } catch {
            throw OutputWriter.fail(error)
        }
    }
}
