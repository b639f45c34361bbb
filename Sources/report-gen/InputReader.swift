import ArgumentParser
import Foundation
import ReportKit

/// Reads the bytes of an input argument: a file path, or `-` for standard input.
enum InputReader {
    static func read(_ argument: String) throws -> [UInt8] {
        let limit = JobLimits.maximumDocumentBytes
        let handle: FileHandle
        if argument == "-" {
            handle = .standardInput
        } else {
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
            handle = opened
        }
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

    static func displayName(_ argument: String) -> String {
        argument == "-" ? "standard input" : argument
    }
}
