import Foundation
import ReportTemplates

/// Where the tokens, locales and report templates come from: a folder laid out like the
/// package's `templates/` (`tokens.json`, `locales/<language>.json`, `reports/<name>.json`).
public struct ReportDefinitions: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The definitions bundled with ReportKit. When the bundle cannot be found its folder is
    /// empty, and every file read from it reports where it was looked for.
    public static let builtIn = ReportDefinitions(directory: BuiltInTemplates.directory
        ?? "(the built-in templates: ReportKit_ReportTemplates.resources beside report-gen)")

    /// The tokens resolved for `theme`, from `tokensFile` when given, else this folder's `tokens.json`.
    public func theme(_ theme: ThemeName, tokensFile: String? = nil) throws(DefinitionError) -> Theme {
        let (bytes, name) = try read(tokensFile ?? path("tokens.json"), shownAs: tokensFile ?? "tokens.json")
        return try TokensLoader.load(bytes, file: name, theme: theme)
    }

    public func locale(_ language: ReportLanguage) throws(DefinitionError) -> ReportLocale {
        let name = "locales/\(language.rawValue).json"
        let (bytes, shown) = try read(path(name), shownAs: name)
        let locale = try ReportLocale.load(bytes, file: shown)
        guard locale.language == language else {
            throw DefinitionError(file: shown, at: JSONPath.root.appending("language"),
                                  "says \"\(locale.language.rawValue)\"; expected \"\(language.rawValue)\" for this file")
        }
        return locale
    }

    /// The names of the report templates in this folder, sorted.
    public var templateNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("reports"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A template by built-in name (`spray-report`) or by file path (anything with a `/` or ending in `.json`).
    public func template(_ nameOrPath: String, theme: Theme) throws(DefinitionError) -> ReportTemplate {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            let (bytes, shown) = try read(nameOrPath, shownAs: nameOrPath)
            return try ReportTemplate.load(bytes, file: shown, tokens: theme)
        }
        guard templateNames.contains(nameOrPath) else {
            var message = "no built-in template \"\(nameOrPath)\""
            if let suggestion = JSONReader.closest(to: nameOrPath, in: templateNames) { message += "; did you mean \"\(suggestion)\"?" }
            throw DefinitionError.unreadable(nameOrPath, message + " Built in: \(templateNames.joined(separator: ", ")); or give a path to a template file")
        }
        let name = "reports/\(nameOrPath).json"
        let (bytes, shown) = try read(path(name), shownAs: name)
        return try ReportTemplate.load(bytes, file: shown, tokens: theme)
    }

    private func path(_ relative: String) -> String {
        (directory as NSString).appendingPathComponent(relative)
    }

    /// Reads a regular file of at most ``DefinitionFile/maximumBytes``; anything else is unreadable.
    private func read(_ path: String, shownAs name: String) throws(DefinitionError) -> ([UInt8], String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            let definitionsMissing = path.hasPrefix(directory) && !FileManager.default.fileExists(atPath: directory)
            throw .unreadable(name, definitionsMissing ? "no such file; looked in \(directory)" : "no such file")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadable(name, attributes[.type] as? FileAttributeType == .typeDirectory
                              ? "is a directory; expected a JSON file" : "is not a regular file; expected a JSON file")
        }
        if let size = attributes[.size] as? Int, size > DefinitionFile.maximumBytes {
            throw DefinitionError(file: name, "the file is larger than \(DefinitionFile.maximumBytes) bytes; expected a small JSON file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(name, "cannot be read (check its permissions)")
        }
        return ([UInt8](data), name)
    }
}
