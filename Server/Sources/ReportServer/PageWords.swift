import ReportKit

/// The server's words in one language: the locale files' `page.*` messages (templates/locales,
/// where report-gen's own words are), each `{name}` filled from the values given.
struct PageWords {
    let language: ReportLanguage

    init(_ language: ReportLanguage) { self.language = language }

    /// The words of `page.<key>`; the key itself where no locale file has it (a test holds the
    /// files to every key the server says).
    func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        ReportDefinitions.builtIn.message("page." + key, in: language, values) ?? "page." + key
    }

    /// `count` with the plural form of `key` ("3 wpisy", "1 Eintrag").
    func plural(_ key: String, _ count: Int) -> String {
        ReportDefinitions.builtIn.plural(key, count, in: language) ?? "\(count)"
    }
}
