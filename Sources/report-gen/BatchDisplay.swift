import FoundationEssentials
import Glibc
import ReportKit

/// What a batch prints on standard error: every failed entry, always; and for a person at a
/// terminal, warnings, a progress line and a summary. When standard error is not a terminal (a
/// log, a pipe) or with --quiet, only errors.
final class BatchDisplay {
    let interactive: Bool
    /// Warnings asked for (`--record-check`) are shown even when standard error is not a terminal.
    let showsWarnings: Bool
    let destination: BatchDestination
    /// The number of entries, when counted before reading (JSON Lines in a file).
    var expectedTotal: Int?
    /// Whether the history is one job, asked as each entry is told (known once the first is read).
    var isOneJob: () -> Bool = { false }
    private let line = ProgressLine()
    private var contrastShown = Set<String>()

    let sink: DiagnosticSink

    init(interactive: Bool, destination: BatchDestination, showsWarnings: Bool = false, sink: DiagnosticSink) {
        self.sink = sink
        // Scripts reading JSON diagnostics get the warnings too.
        self.showsWarnings = showsWarnings || sink.format == .json
        self.interactive = interactive
        self.destination = destination
    }

    var events: BatchEvents {
        BatchEvents(entry: { [self] in entry($0) }, progress: { [self] in progress($0) })
    }

    private func entry(_ outcome: BatchEntryOutcome) {
        func emit(_ record: DiagnosticRecord, _ text: String) {
            var located = record
            if !isOneJob() { (located.entry, located.line, located.id) = (outcome.index + 1, outcome.line, outcome.id) }
            sink.emit(located, text: "\(entryLabel(index: outcome.index, line: outcome.line, id: outcome.id)): \(text)")
        }
        func message(_ text: String, rule: String, severity: DiagnosticRecord.Severity = .error) {
            emit(DiagnosticRecord(path: "$", rule: rule, severity: severity, message: text), text)
        }
        switch outcome.result {
        case .failed(.input(let error)):
            line.clear()
            for diagnostic in error.diagnostics { emit(DiagnosticRecord.said(diagnostic), diagnostic.saidWithPath) }
        case .failed(let error):
            line.clear()
            for text in error.description(in: MessageLanguage.language, definitions: MessageLanguage.definitions).split(separator: "\n") {
                message(String(text), rule: "report")
            }
        case .unwritable(let error):
            line.clear()
            message(error.message(in: MessageLanguage.language, definitions: MessageLanguage.definitions), rule: "output")
        case .skipped(let path):
            // A kept file is told whoever reads: a script must know the folder holds an older file.
            line.clear()
            message(say("file-kept", ["name": path]), rule: "output.kept", severity: .warning)
        case .written, .included:
            break
        }
        if interactive || showsWarnings {
            for warning in outcome.warnings {
                line.clear()
                emit(DiagnosticRecord.said(warning, severity: .warning), warning.saidWithPath)
            }
        }
        guard interactive else { return }
        for failure in outcome.contrastFailures where contrastShown.insert(failure).inserted {
            line.clear()
            Console.warning(say("contrast", ["use": failure]))
        }
    }

    private func progress(_ progress: BatchProgress) {
        guard interactive else { return }
        line.update(progress.phase, done: progress.done, total: progress.total ?? expectedTotal)
    }

    func finishLine() {
        line.clear()
    }

    /// `report-gen: 998 written to reports/, 2 failed, 0 skipped, in 12.3 s (81.1 jobs/s)`.
    func printSummary(_ summary: BatchSummary) {
        line.clear()
        sink.printSummary()
        guard interactive else { return }
        let seconds = line.elapsed
        let handled = summary.written + summary.failed
        var text: String
        switch destination {
        case .folder(let folder):
            text = "\(summary.written) written to \(folder)"
        case .combined(let path):
            text = summary.document == nil ? "\(path) not written" : "\(path): \(summary.written) jobs, \(summary.pages) pages"
        }
        text += ", \(summary.failed) failed, \(summary.skipped) skipped"
        if summary.warnings > 0 { text += ", \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")" }
        text += ", in " + String(printf: "%.1f", seconds) + " s"
        if handled > 0 { text += " (" + String(printf: "%.1f", Double(handled) / max(seconds, 0.001)) + " jobs/s)" }
        FileHandleOutput.standardError.write("report-gen: \(text)\n")
        if case .folder = destination, summary.skipped > 0, !summary.wasCancelled, !summary.stopsEarly {
            Console.warning(say("files-kept", count: summary.skipped))
        }
    }
}
