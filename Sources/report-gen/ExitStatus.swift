import ArgumentParser
import ReportKit
import Synchronization

/// The sysexits(3) statuses report-gen uses, so scripts can tell failures apart.
enum ExitStatus {
    /// The input's data (or a template's) is wrong (EX_DATAERR).
    static let badData = ExitCode(65)
    /// The input (or a template) cannot be opened or read (EX_NOINPUT).
    static let unreadableInput = ExitCode(66)
    /// Something the tool needs is missing, such as a font, the sRGB colour profile or qpdf's
    /// library for reading a PDF (EX_UNAVAILABLE).
    static let unavailable = ExitCode(69)
    /// The output cannot be written (EX_CANTCREAT).
    static let unwritableOutput = ExitCode(73)

    /// The exit status for a failure of the pipeline.
    static func of(_ error: ReportError) -> ExitCode {
        switch error {
        case .input, .layout: badData
        case .definition(let error): error.isUnreadable ? unreadableInput : badData
        // A render error with a system error is a write that failed (a full disk, a file size
        // limit), and so is a writing library's failure: the output's fault (73). A missing
        // dependency, or a renderer (cairo, Pango, fontconfig) that cannot work here, is 69.
        case .render(let error): error.systemError != nil || error.writeFailed ? unwritableOutput : unavailable
        }
    }

    /// The text shown in `--help` of every command that makes a report.
    static let help = """
        Exit status: 0 done, 64 usage error, 65 invalid input data or template, 66 input or template \
        not readable, 69 fonts, colour profile or (to read a PDF) qpdf missing, or a cairo other than the one PDFs are finished for (see --version), 73 output not writable. On any error no output file is left behind.
        """
}

/// Standard error, for diagnostics that must never mix with a report written to standard output.
enum Console {
    /// True once a command asked for `--diagnostics json`: then every line on standard error is a
    /// JSON diagnostic, a failure of the run itself too (rule `run`), so a script reading the
    /// stream never meets a line of text.
    static let printsJSON = Atomic<Bool>(false)

    static func error(_ message: String) { say(message, as: .error) }

    /// A failure of the run with its code (`render.cairo-series`, `output.exists`), which a
    /// script reading `--diagnostics json` acts on.
    static func error(_ message: String, code: String) { say(message, as: .error, code: code) }

    static func warning(_ message: String) { say(message, as: .warning) }

    /// A suggestion that changes nothing if ignored (an EPPO code the job could give).
    static func hint(_ message: String) { say(message, as: .hint) }

    private static func say(_ message: String, as severity: DiagnosticRecord.Severity, code: String? = nil) {
        if printsJSON.load(ordering: .relaxed) {
            FileHandleOutput.standardError.write(DiagnosticRecord(path: "$", rule: "run", severity: severity, message: message, code: code).json + "\n")
        } else {
            FileHandleOutput.standardError.write("\(severity.rawValue): \(TerminalText.escaped(message))\n")
        }
    }

    /// Prints every diagnostic of a refused input; as JSON, each with its path, rule and code
    /// (`input.json.syntax`), as the same diagnostic of one entry is.
    static func report(_ error: InputError) {
        for diagnostic in error.diagnostics {
            if printsJSON.load(ordering: .relaxed) {
                FileHandleOutput.standardError.write(DiagnosticRecord.said(diagnostic).json + "\n")
            } else {
                Console.error(diagnostic.saidWithPath)
            }
        }
    }

    /// Prints a pipeline failure, one line per problem.
    static func report(_ error: ReportError) {
        switch error {
        case .input(let error): report(error)
        default:
            for line in error.description(in: MessageLanguage.language, definitions: MessageLanguage.definitions).split(separator: "\n") {
                Console.error(String(line), code: error.code)
            }
        }
    }
}
