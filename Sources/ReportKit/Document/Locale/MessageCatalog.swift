import Synchronization

/// The words of diagnostics in each language, read once a process from the locale files'
/// `"messages"`: a definitions folder's file first, what it lacks from the built-in file of its
/// language, and what that lacks in English.
package enum MessageCatalog {
    /// Tables already read, by definitions folder ("" for the built-in ones) and language: a
    /// batch says the same messages a thousand times and reads each file once.
    private static let tables = Mutex<[String: [String: String]]>([:])

    /// `text` in `language`, with the words of `definitions`' locale file.
    package static func tell(_ text: MessageText, in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        text.told(by: table(language, definitions), fallback: table(.english, .builtIn))
    }

    /// The messages of `language`: the folder's words over the built-in ones. A locale file that
    /// cannot be read gives the built-in words; the report that uses it says what is wrong with it.
    package static func table(_ language: ReportLanguage, _ definitions: ReportDefinitions) -> [String: String] {
        let key = "\(definitions.directory ?? "")\u{1F}\(language.rawValue)"
        if let known = tables.withLock({ $0[key] }) { return known }
        var table = definitions.directory == nil ? [:] : table(language, .builtIn)
        if let locale = try? definitions.locale(language) {
            table.merge(locale.messages) { _, own in own }
        }
        tables.withLock { $0[key] = table }
        return table
    }
}
