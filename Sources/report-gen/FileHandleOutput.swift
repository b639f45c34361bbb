import ArgumentParser
import ReportKit

#if canImport(Glibc)
import Glibc
#endif

/// The standard streams, written with checked system calls. Foundation's `FileHandle.write`
/// ends the process when a write fails, so a full disk or a closed pipe behind standard output
/// would be a crash instead of an error the user is told about.
struct FileHandleOutput {
    let descriptor: Int32

    static let standardError = FileHandleOutput(descriptor: STDERR_FILENO)
    static let standardOutput = FileHandleOutput(descriptor: STDOUT_FILENO)

    /// Writes to standard error. A failure there has nowhere to be reported, so it is dropped
    /// (the exit status still tells the outcome).
    func write(_ text: String) {
        try? OutputFile.writeAll(Array(text.utf8), to: descriptor)
    }

    /// Writes a command's result to standard output; when that fails (a full disk, a closed pipe,
    /// a device that takes nothing), says so on standard error and ends with exit 73.
    static func print(_ text: String) throws {
        do {
            try OutputFile.writeAll(Array(text.utf8), to: STDOUT_FILENO)
        } catch {
            Console.error(say("standard-output", ["cause": said(error)]))
            throw ExitStatus.unwritableOutput
        }
    }
}
