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
            targets = try files.map { file throws(RenderError) in
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
    static func fail(_ error: RenderError) -> ExitCode {
        // The library says the file was kept; the option that replaces it is the tool's to name.
        Console.error(error.description + (error.outputExists ? " (--overwrite replaces it)" : ""), code: error.code)
        return error.overwritesInput ? ExitCode.validationFailure : ExitStatus.unwritableOutput
    }
}
