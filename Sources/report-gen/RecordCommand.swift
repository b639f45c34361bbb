import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// `report-gen record INPUT -o FILE`: the legal record of the applications, machine-readable.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the record of the applications: one line per product of each job, as CSV or JSON.",
        usage: """
            report-gen record season.jsonl -o season.csv
            report-gen record history.json -o record.json --record-check pl
            app-export | report-gen record - --format json
            """,
        discussion: """
            Reads a job or a history in any form `batch` reads (JSON Lines as a stream, a season in flat \
            memory), or a report report-gen made. Writes one line per product of each job, the job's facts \
            repeated on each: date and times with their offset, holding, parcels, crop and its EPPO code, \
            cropped and treated area, BBCH, reason and its codes, product and authorisation, the dose as \
            given and per hectare, the product used, spray volume, operator and licence, equipment, weather, \
            notes (docs/record-format.md; JSON: docs/record-v1.schema.json). The format is --format, else \
            the output's extension, else CSV.

            An invalid entry is reported with its number and JSON path, and then no file is written (exit \
            65): a record that leaves an application out is not the record. --skip-invalid writes the valid \
            entries' lines all the same (still exit 65); standard output is written as the lines are read. --record-check eu|pl|us lists what that jurisdiction's record asks for that each job \
            lacks, as warnings; with --strict they are errors (exit 65, the record still written).

            Exit status: 0 done, 64 usage error, 65 some entries invalid (or incomplete with --strict), \
            66 input not readable, 73 output not writable.
            """
    )

    @Argument(help: "The job or history (or a report report-gen made), or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write; - for standard output (the default).", valueName: "path"))
    var output = "-"

    /// The record's forms: its machine-readable ones, and the season register to print.
    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case csv, json, pdf
    }

    @Option(help: "csv, json, or pdf for the season register (default: from the output's extension, else csv).")
    var format: OutputFormat?

    @Option(help: "The register's language, en or pl (default: the first job's own).")
    var locale: ReportLanguage?

    @Option(name: .customLong("record-check"), help: ArgumentHelp("Warn of what this jurisdiction's record asks for that a job lacks: eu, pl or us.",
                                                                 valueName: "jurisdiction"))
    var recordCheck: RecordJurisdiction?

    @Flag(help: "Make the --record-check warnings errors (exit 65).")
    var strict = false

    /// The format asked for, else the output's extension's, else CSV.
    var chosenFormat: OutputFormat {
        format ?? OutputFormat(rawValue: URL(fileURLWithPath: output).pathExtension.lowercased()) ?? .csv
    }

    @Flag(help: "Write the record of the valid entries even when some are invalid (still exit 65); without it, nothing is written then.")
    var skipInvalid = false

    /// Extensions of formats the record is not written in: a record in `season.png` would be
    /// CSV under an image's name.
    static let otherFormats: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "tif", "tiff", "xlsx", "xls", "ods", "odt", "doc",
                                            "docx", "xml", "html", "htm", "zip", "gz", "txt", "jsonl", "md"]

    func validate() throws {
        let named = URL(fileURLWithPath: output).pathExtension.lowercased()
        if let format, output != "-", let named = OutputFormat(rawValue: named), named != format {
            throw ValidationError("--format \(format.rawValue) writes \(format.rawValue.uppercased()), but \(output) names a .\(named.rawValue) file; make them agree")
        }
        if output != "-", Self.otherFormats.contains(named) {
            throw ValidationError("\(output) names a .\(named) file; the record is written as .csv, .json or .pdf (the season register)")
        }
        if locale != nil, chosenFormat != .pdf {
            throw ValidationError("--locale is the language of the season register (--format pdf); the CSV and JSON record have fixed English column names")
        }
        if strict, recordCheck == nil { throw ValidationError("--strict makes the --record-check warnings errors: give --record-check eu, pl or us") }
    }

    func run() throws {
        let trap = SignalTrap(.now)
        defer { withExtendedLifetime(trap) {} }
        let handle = try InputReader.open(input)
        let reader = try HistoryInput.reader(handle, input: input)
        let inputs = Set([input == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: input)].compactMap { $0 })
        guard let format = RecordFormat(rawValue: chosenFormat.rawValue) else {
            return try writeRegister(reader, protecting: inputs)
        }
        let sink = try RecordSink(output, protecting: inputs)
        try sink.write(format.header)
        var written = 0, failed = 0, incomplete = 0
        let name = InputReader.displayName(input)
        while let item = try HistoryInput.next(reader) {
            let entry = item.decode()
            let label = reader.isOneJob ? name : "\(name) entry \(entry.index + 1)" + (entry.id.map { " (id \(String(reflecting: $0)))" } ?? "")
            let plan: SprayPlan
            do {
                let decoded = try entry.result.get()
                plan = try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
            } catch {
                failed += 1
                for diagnostic in error.diagnostics { Console.error("\(label): \(diagnostic.description)") }
                continue
            }
            if let recordCheck {
                let missing = recordCheck.missing(in: plan.job)
                if !missing.isEmpty { incomplete += 1 }
                for diagnostic in missing {
                    let text = "\(label): \(diagnostic.path): \(diagnostic.message)"
                    if strict { Console.error(text) } else { Console.warning(text) }
                }
            }
            for line in RecordLine.lines(of: plan) {
                try sink.write(format.text(of: line, first: written == 0))
                written += 1
            }
        }
        try sink.write(format.footer)
        // A record that leaves applications out is not the record: a file is only replaced by
        // one that holds every entry, unless the user asks for the valid ones alone.
        guard failed == 0 || skipInvalid || output == "-" else {
            Console.error("\(name): no record written (\(output) left as it was): \(failed) \(failed == 1 ? "entry is" : "entries are") invalid; --skip-invalid writes the record of the valid ones")
            throw ExitStatus.badData
        }
        try sink.commit()
        if failed > 0 || (strict && incomplete > 0) { throw ExitStatus.badData }
    }

    /// The season register (the spray-register template): every job's lines, laid out whole, so it
    /// holds the season's lines in memory (at most 20,000 rows), carrying the record as its data.
    private func writeRegister(_ reader: HistoryReader, protecting inputs: Set<FileIdentity>) throws {
        var lines: [HistoryLine] = []
        var records: [RecordLine] = []
        var failed = 0
        var language = locale
        var generator: ReportGenerator?
        let name = InputReader.displayName(input)
        while let item = try HistoryInput.next(reader) {
            let entry = item.decode()
            do {
                let decoded = try entry.result.get()
                let plan = try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
                language = language ?? plan.job.locale
                if generator == nil {
                    generator = try makeGenerator(language ?? .english)
                }
                guard let generator else { break }
                do {
                    lines.append(HistoryLine(plan: plan, number: entry.index + 1, locale: try generator.locale(language ?? .english)))
                } catch {
                    Console.report(error)
                    throw ExitStatus.of(error)
                }
                records += RecordLine.lines(of: plan)
                // Counted as the lines stream in, so a season too long for one register is
                // refused before it is held (memory stays flat up to the limit).
                guard records.count <= ReportTemplate.maximumTableRows else {
                    Console.error("\(name): the register holds at most \(ReportTemplate.maximumTableRows) lines (one a product of each job); entry \(entry.index + 1) passes that. Split the season, or write it as CSV or JSON, which have no limit")
                    throw ExitStatus.badData
                }
                if let recordCheck {
                    for diagnostic in recordCheck.missing(in: plan.job) {
                        let text = "\(name) entry \(entry.index + 1): \(diagnostic.path): \(diagnostic.message)"
                        if strict { Console.error(text) } else { Console.warning(text) }
                    }
                }
            } catch let error as InputError {
                failed += 1
                for diagnostic in error.diagnostics { Console.error("\(name) entry \(entry.index + 1): \(diagnostic.description)") }
            }
        }
        guard let generator, !lines.isEmpty else {
            Console.error("\(name): no valid job to make a register of")
            throw ExitStatus.badData
        }
        guard failed == 0 || skipInvalid else {
            Console.error("\(name): no register written (\(output) left as it was): \(failed) \(failed == 1 ? "entry is" : "entries are") invalid; --skip-invalid writes the register of the valid ones")
            throw ExitStatus.badData
        }
        let pdf: [UInt8]
        do {
            let composed = try generator.composeHistory(lines, language: language ?? .english)
            // The history is read as a stream and not kept: the register carries the record alone.
            let carried = generator.attachments(history: [], records: records).filter { $0.relationship == .data }
            pdf = try generator.pdf(try generator.layout(composed), attachments: carried)
        } catch {
            Console.report(error)
            throw ExitStatus.of(error)
        }
        try OutputWriter.writeAll([(output, pdf)], protecting: inputs)
        if failed > 0 { throw ExitStatus.badData }
    }

    private func makeGenerator(_ language: ReportLanguage) throws -> ReportGenerator {
        do {
            return try ReportGenerator(options: ReportOptions(template: "spray-register", language: language))
        } catch {
            Console.report(error)
            throw ExitStatus.of(error)
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

    func write(_ text: String) throws {
        buffer += Array(text.utf8)
        if buffer.count >= 256 * 1024 { try flush() }
    }

    private func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let file else {
            do {
                try OutputFile.writeAll(buffer, to: STDOUT_FILENO)
            } catch {
                Console.error("standard output: \(error.description)")
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
