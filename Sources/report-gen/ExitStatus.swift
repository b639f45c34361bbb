import ArgumentParser
import ReportKit

/// The sysexits(3) statuses report-gen uses, so scripts can tell failures apart.
enum ExitStatus {
    /// The input's data is wrong (EX_DATAERR).
    static let badData = ExitCode(65)
    /// The input cannot be opened or read (EX_NOINPUT).
    static let unreadableInput = ExitCode(66)
    /// The output cannot be written (EX_CANTCREAT).
    static let unwritableOutput = ExitCode(73)
}

/// Standard error, for diagnostics that must never mix with a report written to standard output.
enum Console {
    static func error(_ message: String) {
        FileHandleOutput.standardError.write("error: \(message)\n")
    }

    static func warning(_ message: String) {
        FileHandleOutput.standardError.write("warning: \(message)\n")
    }

    /// Prints every diagnostic of a refused input.
    static func report(_ error: InputError) {
        for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
    }
}
