import Foundation

/// Runs the built `report-gen` as a user would.
enum ReportGen {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Standard output as bytes (a PDF written with `-o -`).
        let output: Data
    }

    static var binary: URL {
        // The test bundle and the executable are built into the same products folder.
        let products = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        return products.appendingPathComponent("report-gen")
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func example(_ name: String) -> String {
        repository.appendingPathComponent("docs/examples").appendingPathComponent(name).path
    }

    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Run {
        try run(program: binary.path, arguments, stdin: stdin, in: directory)
    }

    /// Runs any program with standard input from `stdin` (empty when nil), collecting its output.
    static func run(program: String, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Run {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self), output: out)
    }
}

/// A folder for one test's files, removed when the test ends.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("report-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the files in the folder, sorted.
    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    /// Copies a file in and returns its new path.
    func copy(_ source: String, as name: String) throws -> String {
        try FileManager.default.copyItem(atPath: source, toPath: path(name))
        return path(name)
    }

    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }
}

/// Runs a tool the tests check output with (pdftotext, pdfinfo).
func toolOutput(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\u{00A0}", with: " ")
}

extension ReportGen {
    /// Runs `report-gen ARGUMENTS` from a shell script that prepares the process first (`ulimit`,
    /// `unshare`, `setpriv`); the script ends with `"$@"`, which runs report-gen.
    static func run(after script: String, _ arguments: [String]) throws -> Run {
        try run(program: "/bin/sh", ["-c", script, "sh", binary.path] + arguments)
    }
}
