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

    /// A new empty folder for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reportkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
