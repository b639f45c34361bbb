import ReportKit

extension ReportLanguage {
    /// The same words in the three languages the server's plain words are written in, chosen by
    /// this one.
    func say(pl: String, en: String, de: String) -> String {
        switch self {
        case .polish: pl
        case .english: en
        case .german: de
        }
    }
}
