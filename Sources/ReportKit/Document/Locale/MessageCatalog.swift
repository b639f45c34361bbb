import Synchronization

/// The words of diagnostics (and of the server's page) in each language, read once a process
/// from the messages files (`locales/messages/<language>.json`) and the locale files' `"plurals"`:
/// a definitions folder's file first, what it lacks from the built-in file of its language, and
/// what that lacks in English. A report reads neither the messages nor this.
package enum MessageCatalog {
    /// Locales already read, by definitions folder ("" for the built-in ones) and language: a
    /// batch says the same messages a thousand times and reads each file once. A file that cannot
    /// be read is remembered as nil; the report that uses it says what is wrong with it.
    private static let locales = Mutex<[String: ReportLocale?]>([:])
    private static let tables = Mutex<[String: [String: String]]>([:])

    /// `text` in `language`, with the words of `definitions`' locale file.
    package static func tell(_ text: MessageText, in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        text.told(by: table(language, definitions), fallback: table(.english, .builtIn))
    }

    /// The messages of `language`: the folder's words over the built-in ones.
    package static func table(_ language: ReportLanguage, _ definitions: ReportDefinitions) -> [String: String] {
        let key = self.key(language, definitions)
        if let known = tables.withLock({ $0[key] }) { return known }
        var table = definitions.directory == nil ? [:] : self.table(language, .builtIn)
        if let own = try? definitions.messages(language) { table.merge(own) { _, own in own } }
        tables.withLock { $0[key] = table }
        return table
    }

    /// `count` of `key`'s plural forms in `language` ("3 wpisy"): the folder's, else the built-in ones.
    package static func plural(_ key: String, _ count: Int, in language: ReportLanguage, _ definitions: ReportDefinitions) -> String? {
        locale(language, definitions)?.plural(key, count) ?? (definitions.directory == nil ? nil : locale(language, .builtIn)?.plural(key, count))
    }

    private static func locale(_ language: ReportLanguage, _ definitions: ReportDefinitions) -> ReportLocale? {
        let key = self.key(language, definitions)
        if let known = locales.withLock({ $0[key] }) { return known }
        let locale = try? definitions.locale(language)
        locales.withLock { $0[key] = .some(locale) }
        return locale
    }

    private static func key(_ language: ReportLanguage, _ definitions: ReportDefinitions) -> String {
        "\(definitions.directory ?? "")\u{1F}\(language.rawValue)"
    }
}
