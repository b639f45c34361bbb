/// One diagnostic as scripts read it (`--diagnostics json`, docs/diagnostics.md): where it is (the
/// history's entry and line, the job's id, the JSON path), which rule found it, how severe it is
/// and what it says. The same shape for every command, and for a server's validate route.
public struct DiagnosticRecord: Sendable, Equatable {
    /// How much it matters: an error refuses the job (or fails `--strict`), a warning asks for a
    /// second look, a hint changes nothing.
    public enum Severity: String, Sendable {
        case error, warning, hint
    }

    /// The entry of a history, from 1; nil for a job read alone.
    public var entry: Int?
    /// The line of a JSON Lines history the entry is on.
    public var line: Int?
    /// The job's id, when it has one.
    public var id: String?
    /// The file the diagnostic is about, when several are read (or it concerns another file).
    public var file: String?
    /// The JSON path in the job (`$` for the whole input).
    public var path: String
    /// What found it: `input` (the input refused), `input.warning`, `record.eu` (`.pl`, `.us`),
    /// `label.<what>` (the product catalogue), `plan.<what>`, `hint.eppo-code`, `output`.
    public var rule: String
    /// The diagnostic's own code within its rule (`record.pl.cadastral`), where it has one.
    public var code: String?
    public var severity: Severity
    public var message: String

    /// A diagnostic with every field given.
    public init(entry: Int? = nil, line: Int? = nil, id: String? = nil, file: String? = nil, path: String, rule: String,
                severity: Severity, message: String, code: String? = nil) {
        self.code = code
        self.entry = entry
        self.line = line
        self.id = id
        self.file = file
        self.path = path
        self.rule = rule
        self.severity = severity
        self.message = message
    }

    /// A diagnostic of `entry` (nil for a job read alone), under `rule` (else its own), its
    /// message in `language` (with the words of `definitions`' locale file); its code is the same
    /// in every language.
    public init(_ diagnostic: Diagnostic, rule: String? = nil, severity: Severity? = nil, entry: HistoryEntry? = nil, file: String? = nil,
                language: ReportLanguage = .english, definitions: ReportDefinitions = .builtIn) {
        self.init(entry: entry.map { $0.index + 1 }, line: entry?.line, id: entry?.id, file: file, path: diagnostic.path.description,
                  rule: rule ?? Self.rule(of: diagnostic), severity: severity ?? (diagnostic.severity == .error ? .error : .warning),
                  message: diagnostic.message(in: language, definitions: definitions), code: diagnostic.code)
    }

    /// The rule of a diagnostic that carries its facts (``Notice``), else `input` or `input.warning`.
    public static func rule(of diagnostic: Diagnostic) -> String {
        guard let notice = diagnostic.notice else { return diagnostic.severity == .error ? "input" : "input.warning" }
        return notice.rule
    }

    /// One line of JSON, the keys always in this order; absent ones left out.
    public var json: String {
        var members: [JSONObject.Member] = []
        if let entry { members.append(.init(key: "entry", value: .number(JSONNumber(literal: String(entry))))) }
        if let line { members.append(.init(key: "line", value: .number(JSONNumber(literal: String(line))))) }
        if let id { members.append(.init(key: "id", value: .string(id))) }
        if let file { members.append(.init(key: "file", value: .string(file))) }
        members += [
            .init(key: "path", value: .string(path)), .init(key: "rule", value: .string(rule)),
        ]
        if let code { members.append(.init(key: "code", value: .string(code))) }
        members += [
            .init(key: "severity", value: .string(severity.rawValue)), .init(key: "message", value: .string(message)),
        ]
        return String(decoding: JSONWriter.compact(.object(JSONObject(members: members))), as: UTF8.self)
    }
}

extension JobCheck {
    /// Every diagnostic of the check as a record: problems (errors), warnings, what `record`
    /// lacks (warnings, or errors when `strict`), hints.
    /// Their messages are in `language`, with the words of `definitions`' locale file.
    public func records(entry: HistoryEntry? = nil, record jurisdiction: RecordJurisdiction?, strict: Bool = false,
                        file: String? = nil, language: ReportLanguage = .english, definitions: ReportDefinitions = .builtIn) -> [DiagnosticRecord] {
        func record(_ diagnostic: Diagnostic, rule: String? = nil, severity: DiagnosticRecord.Severity? = nil) -> DiagnosticRecord {
            DiagnosticRecord(diagnostic, rule: rule, severity: severity, entry: entry, file: file, language: language, definitions: definitions)
        }
        return problems.map { record($0) }
            + warnings.map { record($0, severity: .warning) }
            + missing.map { record($0, rule: "record.\(jurisdiction?.rawValue ?? "")", severity: strict ? .error : .warning) }
            + suggestions.map { record($0, rule: $0.code?.hasPrefix("record.") == true ? "record.\(jurisdiction?.rawValue ?? "")" : "hint.eppo-code", severity: .hint) }
    }
}
