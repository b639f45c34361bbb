/// Something ReportKit has to say about an input: where (a JSON path) and what.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        /// The input cannot be trusted; nothing is produced from it.
        case error
        /// The input is usable, but a person should look twice.
        case warning
    }

    public let severity: Severity
    public let path: JSONPath
    /// What it says, by key, so it can be told in any language (``message(in:definitions:)``).
    package let text: MessageText
    /// What a warning says as facts, for a report to print in its language (nil for errors and
    /// for warnings that concern only the input file).
    package let notice: Notice?
    /// What it is, stable across versions and languages (`record.pl.cadastral`), for programs to
    /// act on instead of its words; nil where the family in ``DiagnosticRecord/rule`` is all there is.
    public let code: String?

    package init(_ severity: Severity, at path: JSONPath, _ text: MessageText, notice: Notice? = nil, code: String? = nil) {
        // A warning that carries its facts is told apart by them: its rule is its code.
        self.code = code ?? notice?.rule
        self.severity = severity
        self.path = path
        self.text = text
        self.notice = notice
    }

    /// Words the same in every language: a definition file's finding, which a template's
    /// author reads.
    package init(_ severity: Severity, at path: JSONPath, _ message: String, notice: Notice? = nil, code: String? = nil) {
        self.init(severity, at: path, .plain(message), notice: notice, code: code)
    }

    /// What it says in English.
    public var message: String { message(in: .english) }

    /// What it says in `language`, in the words of `definitions`' locale file (the built-in
    /// ones unless a folder is given): German and Polish users read their findings in their
    /// language, with the same ``code`` and path.
    public func message(in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        MessageCatalog.tell(text, in: language, definitions: definitions)
    }

    /// `$.products[1].rate.unit: unknown unit "l/h"; expected one of …`
    public var description: String { "\(path): \(message)" }

    /// ``description`` in `language`.
    public func description(in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        "\(path): \(message(in: language, definitions: definitions))"
    }
}

/// Input that was refused, with every problem found in it (not just the first).
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    package init(at path: JSONPath, _ text: MessageText, code: String? = nil) {
        self.init([Diagnostic(.error, at: path, text, code: code)])
    }

    /// An input error of the caller's own words, the same in every language.
    public init(at path: JSONPath, _ message: String, code: String? = nil) {
        self.init(at: path, .plain(message), code: code)
    }

    /// The code of an input that is not JSON at all.
    public static let syntaxCode = DiagnosticCode.syntax
    /// The code of JSON that is neither a job nor a history (a number, a string, an object of
    /// neither format).
    public static let notAJobCode = DiagnosticCode.notAJob

    /// True when the input is not a job at all (its diagnostics all say so): not JSON, or JSON of
    /// another kind; false for a job or a history with something wrong inside.
    public var isNotAJob: Bool {
        !diagnostics.isEmpty && diagnostics.allSatisfy { $0.code == Self.syntaxCode || $0.code == Self.notAJobCode }
    }

    public var description: String { description(in: .english) }

    /// Every diagnostic in `language`, one a line.
    public func description(in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        diagnostics.map { $0.description(in: language, definitions: definitions) }.joined(separator: "\n")
    }
}
