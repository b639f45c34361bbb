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
        do {
            for file in files where file.path != "-" { _ = try OutputTarget.resolve(file.path, protecting: inputs) }
        } catch {
            throw fail(error)
        }
        var written: [String] = []
        for file in files {
            do {
                if file.path == "-" {
                    try OutputFile.writeAll(file.bytes, to: STDOUT_FILENO)
                } else {
                    try OutputFile.write(file.bytes, to: file.path, protecting: inputs)
                    if case .file(let path)? = try? OutputTarget.resolve(file.path) { written.append(path) }
                }
            } catch {
                for path in written { unlink(path) }
                throw fail(error)
            }
        }
    }

    /// Reports an output failure: 64 for an output that is one of the inputs, 73 otherwise.
    static func fail(_ error: RenderError) -> ExitCode {
        Console.error(error.description)
        return error.overwritesInput ? ExitCode.validationFailure : ExitStatus.unwritableOutput
    }
}
