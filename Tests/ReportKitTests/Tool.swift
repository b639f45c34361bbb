import Foundation

/// Runs a command-line tool the tests check output with (qpdf, pdffonts, pdftotext, pdftoppm).
enum Tool {
    struct Output {
        let status: Int32
        let stdout: [UInt8]
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: [UInt8](data))
    }

    /// Runs a tool keeping what it says on standard error too (poppler's warnings).
    static func runCapturingErrors(_ arguments: [String]) throws -> (status: Int32, text: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // Standard error goes to a file: two pipes read one after the other could block the tool.
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("reportkit-stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = (try? Data(contentsOf: errorsFile)) ?? Data()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// A new empty folder for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reportkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
