import Foundation

// What the command-line tests share: running report-gen (or any program) as a user would, and a
// scratch folder per test.

/// Runs the built `report-gen` as a user would.
public enum ReportGen {
    public struct Run: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Standard output as bytes (a PDF written with `-o -`).
        public let output: Data
    }

    public static var binary: URL {
        // The test bundle and the executable are built into the same products folder.
        let products = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        return products.appendingPathComponent("report-gen")
    }

    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func example(_ name: String) -> String {
        repository.appendingPathComponent("docs/examples").appendingPathComponent(name).path
    }

    public static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> Run {
        try run(program: binary.path, arguments, stdin: stdin, in: directory, environment: environment)
    }

    /// The environment every program the tests run gets: the test process's, with a
    /// configuration folder that holds nothing, so a developer's own report-gen configuration
    /// (~/.config/report-gen/config.json) never changes what a test sees. `extra` is added.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent/report-gen-tests-config"
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs any program with standard input from `stdin` (empty when nil), collecting its output.
    public static func run(program: String, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.environment = Self.environment(environment)
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        // Both pipes are drained at once, on threads of their own, while standard input is
        // written: a child that fills one pipe (more than 64 KB of errors) while the other is
        // read would otherwise wait for ever, and so would the test.
        let out = PipeDrain(output.fileHandleForReading), err = PipeDrain(errors.fileHandleForReading)
        // A child that ends without reading all its input closes the pipe: the write then fails
        // (EPIPE, with SIGPIPE ignored) instead of ending the test process.
        _ = ignoreBrokenPipes
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let (outData, errData) = (out.data(), err.data())
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self), output: outData)
    }
}

/// A folder for one test's files, removed when the test ends.
public final class ScratchFolder {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("report-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the files in the folder, sorted.
    public var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    /// Copies a file in and returns its new path.
    public func copy(_ source: String, as name: String) throws -> String {
        try FileManager.default.copyItem(atPath: source, toPath: path(name))
        return path(name)
    }

    public func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }
}

/// Runs a tool the tests check output with (pdftotext, pdfinfo).
public func toolOutput(_ arguments: [String]) throws -> String {
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
    public static func run(after script: String, _ arguments: [String]) throws -> Run {
        try run(program: "/bin/sh", ["-c", script, "sh", binary.path] + arguments)
    }
}

/// SIGPIPE ignored in the test process, once.
private let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

/// Everything a pipe delivers until its writers close it, read on a thread of its own.
final class PipeDrain: @unchecked Sendable {
    // Written by the reading thread before `done` is signalled, read only after waiting for it.
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            collected = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the pipe's end.
    func data() -> Data {
        done.wait()
        done.signal()
        return collected
    }
}

/// What a running child process is doing, read from /proc: the tests wait for a moment of a run
/// (reading its input, writing its file) instead of sleeping a fixed time.
public enum ChildProcess {
    /// Waits until `condition` holds or `seconds` pass; whether it held.
    @discardableResult
    public static func wait(upTo seconds: Double = 60, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    /// Whether the process's main thread is waiting to read a pipe (its standard input).
    public static func isWaitingOnPipe(_ pid: Int32) -> Bool {
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
        return wchan.contains("pipe_read")
    }

    /// Whether the process has `path` open.
    public static func hasOpen(_ pid: Int32, _ path: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == target }
    }
}
