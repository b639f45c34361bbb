import ReportKit
import Synchronization

/// The language report-gen's diagnostics are told in: `--locale` where the command has it, else
/// the configuration's `locale`, else English, whatever the jobs' own locales (a season of Polish
/// and German jobs gets one language on one screen). Codes and paths are the same in every one.
enum MessageLanguage {
    private struct Choice {
        var language: ReportLanguage = .english
        var definitions: ReportDefinitions = .builtIn
        /// Set by `--locale`, which the configuration does not override.
        var isStated = false
    }

    private static let choice = Mutex(Choice())

    /// Chosen before a command reads anything, so that even "no such file" is said in it:
    /// `--locale`, else the configuration's (read here; one that cannot be used ends the run).
    static func prepare(locale: ReportLanguage?, configPath: String?) throws {
        state(locale)
        _ = try ConfigOption.load(configPath)
    }

    /// `--locale`, when the command was given it.
    static func state(_ language: ReportLanguage?) {
        guard let language else { return }
        choice.withLock { $0 = Choice(language: language, definitions: $0.definitions, isStated: true) }
    }

    /// The configuration's locale and definitions folder, under `--locale`.
    static func configure(_ configuration: UserConfiguration) {
        choice.withLock { chosen in
            if !chosen.isStated, let locale = configuration.locale { chosen.language = locale }
        }
    }

    /// The definitions whose locale files hold the words (`--definitions`, the configuration's).
    static func use(_ definitions: ReportDefinitions) {
        choice.withLock { $0.definitions = definitions }
    }

    static var language: ReportLanguage { choice.withLock { $0.language } }
    static var definitions: ReportDefinitions { choice.withLock { $0.definitions } }
}

/// report-gen's own words about a run (a file that cannot be read or written, a batch stopped),
/// `run.<key>` of the locale files' messages, in the language of its messages.
func say(_ key: String, _ values: [String: String] = [:]) -> String {
    MessageLanguage.definitions.message("run." + key, in: MessageLanguage.language, values) ?? "run." + key
}

/// ``say(_:_:)`` of a count: `run.<key>.one` for one where the language has such words ("1 file
/// was"), else `run.<key>` ("3 files were"; Polish words it as "pliki: 3").
func say(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
    let values = values.merging(["count": String(count)]) { given, _ in given }
    if count == 1, let one = MessageLanguage.definitions.message("run." + key + ".one", in: MessageLanguage.language, values) { return one }
    return say(key, values)
}

/// An error as report-gen says it, in the language of its messages: a job's findings and a
/// file's failures in the user's words, a library's in its own.
func said(_ error: any Error) -> String {
    let (language, definitions) = (MessageLanguage.language, MessageLanguage.definitions)
    switch error {
    case let error as ReportError: return error.description(in: language, definitions: definitions)
    case let error as RenderError: return error.message(in: language, definitions: definitions)
    case let error as OutputError: return RenderError(error).message(in: language, definitions: definitions)
    case let error as InputError: return error.description(in: language, definitions: definitions)
    default: return "\(error)"
    }
}

/// "entry 4 (line 4, id "calc-17")", how report-gen names an entry of a history, in the language
/// of its messages; the id quoted and escaped (no control character reaches the terminal) and cut.
func entryLabel(index: Int, line: Int?, id: String?) -> String {
    var details: [String] = []
    if let line { details.append(say("entry-line", ["line": String(line)])) }
    if let id { details.append(say("entry-id", ["id": String(reflecting: id.count > 40 ? String(id.prefix(40)) + "…" : id)])) }
    let entry = say("entry", ["number": String(index + 1)])
    return details.isEmpty ? entry : say("entry-details", ["entry": entry, "details": details.joined(separator: ", ")])
}

extension Diagnostic {
    /// What it says, in the language of report-gen's messages.
    var said: String { message(in: MessageLanguage.language, definitions: MessageLanguage.definitions) }

    /// `$.path: what it says`, in the language of report-gen's messages.
    var saidWithPath: String { description(in: MessageLanguage.language, definitions: MessageLanguage.definitions) }
}

extension DiagnosticRecord {
    /// The record of `diagnostic` with its message in the language of report-gen's messages.
    static func said(_ diagnostic: Diagnostic, rule: String? = nil, severity: Severity? = nil, file: String? = nil) -> DiagnosticRecord {
        DiagnosticRecord(diagnostic, rule: rule, severity: severity, file: file, language: MessageLanguage.language,
                         definitions: MessageLanguage.definitions)
    }
}

extension HistoryWalk.Entry {
    /// ``records(strict:file:language:definitions:)`` in the language of report-gen's messages.
    func saidRecords(strict: Bool = false, file: String? = nil) -> [DiagnosticRecord] {
        records(strict: strict, file: file, language: MessageLanguage.language, definitions: MessageLanguage.definitions)
    }
}
