/// A tokens, locale or template file that cannot be used, with every problem found in it and the
/// file it came from: `templates/reports/custom.json: $.body[2].style: unknown text style "titel"…`.
public struct DefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (or the built-in name).
    public let file: String
    public let diagnostics: [Diagnostic]
    /// True when the file could not be read at all (missing, a directory, no permission), as
    /// opposed to read and found wrong.
    public let isUnreadable: Bool

    public init(file: String, _ diagnostics: [Diagnostic], isUnreadable: Bool = false) {
        self.file = file
        self.diagnostics = diagnostics
        self.isUnreadable = isUnreadable
    }

    public init(file: String, at path: JSONPath = .root, _ message: String) {
        self.init(file: file, [Diagnostic(.error, at: path, message)])
    }

    /// A file that cannot be read, with the reason.
    public static func unreadable(_ file: String, _ reason: String) -> DefinitionError {
        DefinitionError(file: file, [Diagnostic(.error, at: .root, reason)], isUnreadable: true)
    }

    public var description: String {
        if isUnreadable { return diagnostics.map { "\(file): \($0.message)" }.joined(separator: "\n") }
        return diagnostics.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}

/// Reads a definition file (tokens, locale, template) into a JSON tree and hands it to a reader
/// that collects every problem, so one run shows the author everything that is wrong.
enum DefinitionFile {
    /// The most a definition file may hold: far above any real one, low enough that a wrong
    /// file (a video, a log) is refused at once.
    static let maximumBytes = 2 * 1024 * 1024

    static func parse(_ bytes: [UInt8], file: String) throws(DefinitionError) -> JSONReader.Node {
        guard bytes.count <= maximumBytes else {
            throw DefinitionError(file: file, "the file is larger than \(maximumBytes) bytes; expected a small JSON file")
        }
        do {
            return JSONReader.Node(value: try JSONParser.parse(bytes), path: .root)
        } catch {
            throw DefinitionError(file: file, at: error.path,
                                  "invalid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
    }

    /// Runs `read` over the file's JSON and throws when it recorded any error.
    static func read<Value>(_ bytes: [UInt8], file: String,
                            _ read: (inout JSONReader, JSONReader.Node) -> Value?) throws(DefinitionError) -> Value {
        let root = try parse(bytes, file: file)
        var reader = JSONReader()
        let value = read(&reader, root)
        guard !reader.hasErrors, let value else {
            let diagnostics = reader.diagnostics.filter { $0.severity == .error }
            throw DefinitionError(file: file, diagnostics.isEmpty ? [Diagnostic(.error, at: .root, "cannot be read")] : diagnostics)
        }
        return value
    }
}
