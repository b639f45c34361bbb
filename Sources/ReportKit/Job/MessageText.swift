/// A diagnostic's words, kept as a key of the messages files (`locales/messages/`) and the values
/// of its placeholders, so one finding can be told in every language: standard error and the
/// server answer in the user's language, while the code and the path stay the same.
///
/// The English words are `templates/locales/messages/en.json`'s, the German and Polish ones
/// `de.json`'s and `pl.json`'s, which a user can change like every other text (`templates --export`).
package struct MessageText: Sendable, Equatable {
    /// What fills a placeholder: a value as it stands (a number as the user wrote it, a name, a
    /// JSON path), or words of their own, told in the same language as the message.
    package indirect enum Argument: Sendable, Equatable {
        case value(String)
        case text(MessageText)
    }

    /// The message's key (`input.positive`); nil for words that have no key (``plain(_:)``).
    package let key: String?
    package let arguments: [String: Argument]
    /// The words of a message without a key, the same in every language.
    private let words: String

    /// The message `key` with its placeholders' values.
    package init(_ key: String, _ values: [String: String] = [:], texts: [String: MessageText] = [:]) {
        self.key = key
        var arguments = values.mapValues(Argument.value)
        for (name, text) in texts { arguments[name] = .text(text) }
        self.arguments = arguments
        words = ""
    }

    /// Words that are the same in every language: what another program said (a system error),
    /// or a message of a definition file, which only a template's author reads.
    package static func plain(_ words: String) -> MessageText { MessageText(words: words) }

    private init(words: String) {
        key = nil
        arguments = [:]
        self.words = words
    }

    /// The words in the language whose messages `table` holds; a key the table lacks is looked
    /// up in `fallback` (English), so a user's older locale file still says everything.
    package func told(by table: [String: String], fallback: [String: String]) -> String {
        guard let key else { return words }
        guard let pattern = table[key] ?? fallback[key] else {
            // Never happens with the built-in files (a test holds them to every key); shown
            // whole rather than lost, so the finding still reaches the user.
            return ([key] + arguments.keys.sorted().map { "\($0)=\(argument($0, table, fallback))" }).joined(separator: " ")
        }
        var values: [String: String] = [:]
        for name in arguments.keys { values[name] = argument(name, table, fallback) }
        return ReportLocale.fill(pattern, values)
    }

    private func argument(_ name: String, _ table: [String: String], _ fallback: [String: String]) -> String {
        switch arguments[name] {
        case .value(let value): value
        case .text(let text): text.told(by: table, fallback: fallback)
        case nil: ""
        }
    }

    /// Every key this message and the messages inside it use, for the tests that hold the locale
    /// files to the messages ReportKit says.
    package var keys: [String] {
        (key.map { [$0] } ?? []) + arguments.values.flatMap { argument -> [String] in
            if case .text(let inner) = argument { return inner.keys }
            return []
        }
    }
}
