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
