import ArgumentParser
import Glibc
import ReportKit

/// `--diagnostics text|json`: how validate, batch and record print what they find.
struct DiagnosticsOption: ParsableArguments {
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json
    }

    static let help = ArgumentHelp(
        "How errors, warnings and hints are printed on standard error: text, or json (one JSON object a line: entry, line, id, path, rule, severity, message; docs/diagnostics.md).",
        valueName: "format")

    @Option(name: .customLong("diagnostics"), help: Self.help, completion: Choice.completion(Format.self), transform: Choice.parse)
    var format: Format = .text

    func sink() -> DiagnosticSink { Self.sink(format) }

    /// Called first by every command with the option: from then on, with `json`, every line
    /// on standard error is JSON (``Console``).
    static func begin(_ format: Format) {
        if format == .json { Console.printsJSON.store(true, ordering: .relaxed) }
    }

    static func sink(_ format: Format) -> DiagnosticSink {
        DiagnosticSink(format: format, summarizes: format == .text && isatty(STDERR_FILENO) == 1)
    }
}

/// Where a command's diagnostics go: each as its text line or as a JSON line, and on a
/// terminal, a summary grouping the same finding over many jobs.
final class DiagnosticSink {
    let format: DiagnosticsOption.Format
    let summarizes: Bool
    private var collected: [DiagnosticRecord] = []

    init(format: DiagnosticsOption.Format, summarizes: Bool) {
        self.format = format
        self.summarizes = summarizes
    }

    /// Prints `record`: as `text` (without its `error:`/`warning:` prefix), or as JSON.
    func emit(_ record: DiagnosticRecord, text: String) {
        if summarizes { collected.append(record) }
        switch format {
        case .json:
            FileHandleOutput.standardError.write(record.json + "\n")
        case .text:
            switch record.severity {
            case .error: Console.error(text)
            case .warning: Console.warning(text)
            case .hint: Console.hint(text)
            }
        }
    }

    /// "warning: 12 jobs, 15 times: record.eu at $.products[*].authorisation: …", for each finding
    /// seen more than once, when at least five lines were printed.
    func printSummary() {
        guard summarizes, collected.count >= 5 else { return }
        var groups: [String: (records: [DiagnosticRecord], order: Int)] = [:]
        for record in collected {
            let key = "\(record.severity.rawValue) \(record.rule) \(Self.pattern(of: record.path))"
            let order = groups[key]?.order ?? groups.count
            groups[key, default: ([], order)].records.append(record)
        }
        let repeated = groups.values.filter { $0.records.count > 1 }.sorted { $0.order < $1.order }
        guard !repeated.isEmpty else { return }
        FileHandleOutput.standardError.write("summary of \(collected.count) diagnostics:\n")
        for (records, _) in repeated {
            let first = records[0]
            let jobs = Set(records.map { $0.entry ?? 0 }).count
            let text = "\(jobs) job\(jobs == 1 ? "" : "s"), \(records.count) times: \(first.rule) at \(Self.pattern(of: first.path)): \(first.message)"
            FileHandleOutput.standardError.write("  \(first.severity.rawValue): \(TerminalText.escaped(text))\n")
        }
    }

    /// A path with its indices as `[*]`: the same field of every product.
    static func pattern(of path: String) -> String {
        var result = "", inIndex = false
        for character in path {
            if character == "[" { inIndex = true; result += "[*" }
            else if character == "]" { inIndex = false; result += "]" }
            else if !inIndex { result.append(character) }
        }
        return result
    }
}
