import ArgumentParser
import Foundation
import ReportKit

/// Reads the bytes of an input argument: a file path, or `-` for standard input.
enum InputReader {
    static func read(_ argument: String) throws -> [UInt8] {
        let limit = JobLimits.maximumDocumentBytes
        let handle = try open(argument)
        defer { if argument != "-" { try? handle.close() } }
        do {
            // One byte past the limit tells "too large" apart from "exactly at the limit".
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            if data.count > limit {
                Console.error("\(displayName(argument)): the input is larger than \(limit) bytes, the most report-gen reads")
                throw ExitStatus.badData
            }
            return [UInt8](data)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error("\(displayName(argument)): cannot be read: \(error.localizedDescription)")
            throw ExitStatus.unreadableInput
        }
    }

    /// Opens a file (or a FIFO) for reading, or standard input for `-`; a missing file, a folder
    /// or a file without read permission is reported and ends the run (66).
    static func open(_ argument: String) throws -> FileHandle {
        if argument == "-" { return .standardInput }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            Console.error("\(argument): no such file")
            throw ExitStatus.unreadableInput
        }
        if isDirectory.boolValue {
            Console.error("\(argument): is a directory; expected a JSON file")
            throw ExitStatus.unreadableInput
        }
        guard let opened = FileHandle(forReadingAtPath: argument) else {
            Console.error("\(argument): cannot be opened for reading (check its permissions)")
            throw ExitStatus.unreadableInput
        }
        return opened
    }

    /// The files a command reads (its input, or standard input when that is a file, a template
    /// file and a tokens file), which no output may be.
    static func identities(of argument: String, report: ReportOptionGroup) -> Set<FileIdentity> {
        let input = argument == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: argument)
        return Set([input, FileIdentity(path: report.template), report.tokens.flatMap { FileIdentity(path: $0) }].compactMap { $0 })
    }

    static func displayName(_ argument: String) -> String {
        argument == "-" ? "standard input" : argument
    }
}
