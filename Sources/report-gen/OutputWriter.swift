import ArgumentParser
import ReportKit

#if canImport(Glibc)
import Glibc
#endif

/// Writes the output files of one command: each atomically (or straight into a pipe or a
/// device), and all or none, so a failure never leaves some pages of a report behind.
enum OutputWriter {
    /// Writes `files`; none may be one of `inputs`. Every name is checked before the first is
    /// written, so a refused name leaves nothing behind.
    static func writeAll(_ files: [(path: String, bytes: [UInt8])], protecting inputs: Set<FileIdentity>) throws {
        // Where each name leads (nil for standard output), all decided before the first write.
        let targets: [OutputTarget?]
        do {
            targets = try files.map { file throws(OutputError) in
                file.path == "-" ? nil : try OutputTarget.resolve(file.path, protecting: inputs)
            }
        } catch {
            throw fail(error)
        }
        var written: [String] = []
        for (file, target) in zip(files, targets) {
            do {
                guard let target else {
                    try OutputFile.writeAll(file.bytes, to: STDOUT_FILENO)
                    continue
                }
                try OutputFile.write(file.bytes, to: file.path, protecting: inputs)
                // A page written into a pipe cannot be taken back; a file can.
                if case .file(let path) = target { written.append(path) }
            } catch {
                for path in written { unlink(path) }
                throw fail(error)
            }
        }
    }

    /// Reports an output failure: 64 for an output that is one of the inputs, 73 otherwise.
    static func fail(_ error: OutputError) -> ExitCode {
        fail(RenderError(error))
    }

    /// Reports an output failure the render stage met while drawing into its file, in the
    /// language of report-gen's messages.
    static func fail(_ error: RenderError) -> ExitCode {
        fail(error.message(in: MessageLanguage.language, definitions: MessageLanguage.definitions), code: error.code,
             exists: error.outputExists, isInput: error.overwritesInput)
    }

    private static func fail(_ message: String, code: String, exists: Bool, isInput: Bool) -> ExitCode {
        // The library says the file was kept; the option that replaces it is the tool's to name.
        Console.error(message + (exists ? say("overwrite-replaces-it") : ""), code: code)
        return isInput ? ExitCode.validationFailure : ExitStatus.unwritableOutput
    }
}
