import ArgumentParser
import ReportKit

#if canImport(Glibc)
import Glibc
#endif

/// Writes the output files of one command: each atomically, and all or none, so a failure never
/// leaves some pages of a report behind.
enum OutputWriter {
    static func writeAll(_ files: [(path: String, bytes: [UInt8])]) throws {
        var written: [String] = []
        for file in files {
            do {
                if file.path == "-" {
                    try OutputFile.writeAll(file.bytes, to: STDOUT_FILENO)
                } else {
                    try OutputFile.write(file.bytes, to: file.path)
                    written.append(file.path)
                }
            } catch {
                for path in written { unlink(path) }
                Console.error(error.description)
                throw ExitStatus.unwritableOutput
            }
        }
    }
}
