import FoundationEssentials
import Glibc
import ReportTemplates

/// Where the tokens, locales and report templates come from: the built-in ones compiled into
/// ReportKit, or a folder laid out like the package's `templates/` (`tokens.json`,
/// `locales/<language>.json`, `reports/<name>.json`), as `report-gen templates --export` writes
/// it. A folder need not hold every file: what it lacks is taken from the built-in ones, so a
/// co-operative's folder may hold only its texts (`locales/pl.json`) or its palette.
public struct ReportDefinitions: Sendable, Equatable {
    /// The folder the definitions are read from; nil for the built-in ones.
    public let directory: String?
    /// The built-in files by their path inside `templates/`, when there is no folder.
    private let files: [String: String]

    public init(directory: String) {
        self.directory = directory
        files = [:]
    }

    /// Definitions held in memory, by their path inside `templates/` (`reports/spray-report.json`).
    public init(files: [String: String]) {
        directory = nil
        self.files = files
    }

    /// The definitions compiled into ReportKit from `templates/`: nothing to install beside report-gen.
    public static let builtIn = ReportDefinitions(files: BuiltInTemplates.files)

    /// Where these definitions are, in words: the folder, or "built into report-gen".
    public var location: String { directory ?? "built into ReportKit" }

    /// Writes every built-in definition file into `folder` (made when missing), as `templates/`
    /// holds them, for a user to copy and change. Files already there are kept (a user's changes
    /// are never replaced); the result names the files written and the files kept.
    public func export(to folder: String) throws(RenderError) -> (written: [String], kept: [String]) {
        var written: [String] = [], kept: [String] = []
        for (relative, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = Self.joined(folder, relative)
            do {
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            } catch {
                throw RenderError("the folder for \(path) cannot be made: \(SystemErrorText.describe(error))")
            }
            // Made under that very name: a link there is not followed, a pipe not written into,
            // and a file already there (a user's edited copy) is kept.
            do throws(OutputError) {
                let file = try StagedFile(dataNamed: path)
                try file.append(Array(text.utf8))
                switch try file.commitNew(replacing: false) {
                case .kept: kept.append(path)
                case .created, .replaced: written.append(path)
                }
            } catch {
                throw RenderError(error)
            }
        }
        return (written, kept)
    }

    /// The tokens resolved for `theme`, from `tokensFile` when given, else this folder's `tokens.json`.
    public func theme(_ theme: ThemeName, tokensFile: String? = nil) throws(DefinitionError) -> Theme {
        let bytes: [UInt8], name: String
        if let tokensFile { (bytes, name) = try read(tokensFile, shownAs: tokensFile) } else { (bytes, name) = try definition("tokens.json") }
        return try TokensLoader.load(bytes, file: name, theme: theme)
    }

    package func locale(_ language: ReportLanguage) throws(DefinitionError) -> ReportLocale {
        let (bytes, shown) = try definition("locales/\(language.rawValue).json")
        let locale = try ReportLocale.load(bytes, file: shown)
        guard locale.language == language else {
            throw DefinitionError(file: shown, at: JSONPath.root.appending("language"),
                                  "says \"\(locale.language.rawValue)\"; expected \"\(language.rawValue)\" for this file")
        }
        return locale
    }

    /// The words of `key` among `language`'s messages (a locale file's `"messages"`,
    /// docs/template-format.md), each `{name}` filled from `values`: this folder's words, else the
    /// built-in ones of the language, else English; nil for a key no file has. A server's page and
    /// report-gen take their words from the same files.
    public func message(_ key: String, in language: ReportLanguage, _ values: [String: String] = [:]) -> String? {
        guard let pattern = MessageCatalog.table(language, self)[key] ?? MessageCatalog.table(.english, .builtIn)[key] else { return nil }
        return ReportLocale.fill(pattern, values)
    }

    /// `count` with the plural form of `key` in `language` (a locale file's `"plurals"`: "3 wpisy",
    /// "1 Eintrag"), this folder's forms else the built-in ones; nil for a key no file has.
    public func plural(_ key: String, _ count: Int, in language: ReportLanguage) -> String? {
        MessageCatalog.plural(key, count, in: language, self)
    }

    /// The messages of `language` (`locales/messages/<language>.json`), the folder's or built in.
    package func messages(_ language: ReportLanguage) throws(DefinitionError) -> [String: String] {
        let relative = "locales/messages/\(language.rawValue).json"
        let (bytes, shown) = try definition(relative)
        // The built-in file is read as it was tested (every key, every placeholder: a test holds
        // it to them), without checking each of its hundreds of texts again on every run that
        // says something; a folder's file is checked like every file a user gives.
        if shown == relative, let text = (directory == nil ? files : BuiltInTemplates.files)[relative],
           case .object(let top)? = try? JSONParser.parse(Array(text.utf8)), case .object(let words)? = top["messages"] {
            return Dictionary(words.members.compactMap { member in
                if case .string(let text) = member.value { (member.key, text) } else { nil }
            }) { first, _ in first }
        }
        return try ReportLocale.loadMessages(bytes, file: shown, language: language)
    }

    /// The names of the report templates, sorted.
    public var templateNames: [String] {
        let builtIn = (directory == nil ? files : BuiltInTemplates.files).keys.filter { $0.hasPrefix("reports/") }.map { String($0.dropFirst(8)) }
        let own = directory == nil ? [] : (try? FileManager.default.contentsOfDirectory(atPath: path("reports"))) ?? []
        return Set(builtIn + own).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A template by built-in name (`spray-report`) or by file path (anything with a `/` or ending in `.json`).
    package func template(_ nameOrPath: String, theme: Theme) throws(DefinitionError) -> ReportTemplate {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            let (bytes, shown) = try read(nameOrPath, shownAs: nameOrPath)
            return try ReportTemplate.load(bytes, file: shown, tokens: theme)
        }
        guard templateNames.contains(nameOrPath) else {
            var message = "no built-in template \"\(nameOrPath)\""
            if let suggestion = JSONReader.closest(to: nameOrPath, in: templateNames) { message += "; did you mean \"\(suggestion)\"?" }
            throw DefinitionError.unreadable(nameOrPath, message + " Built in: \(templateNames.joined(separator: ", ")); or give a path to a template file")
        }
        let (bytes, shown) = try definition("reports/\(nameOrPath).json")
        return try ReportTemplate.load(bytes, file: shown, tokens: theme)
    }

    /// One of the definition files, from memory or from the folder; a file the folder lacks is
    /// the built-in one. Errors name a folder's file by its path.
    private func definition(_ relative: String) throws(DefinitionError) -> ([UInt8], String) {
        guard directory != nil else {
            guard let text = files[relative] else { throw .unreadable(relative, "is not among the built-in definitions") }
            return (Array(text.utf8), relative)
        }
        let own = path(relative)
        // A name the folder does not have is the built-in file's; a link there that leads nowhere
        // is a mistake to say, not a file that is "not there".
        if FileStatus(path: own) == nil, FileStatus(linkAt: own) == nil, let text = BuiltInTemplates.files[relative] {
            return (Array(text.utf8), relative)
        }
        if FileStatus(path: own) == nil, FileStatus(linkAt: own) != nil {
            throw .unreadable(own, "is a link that leads to nothing; expected a JSON file, or no file to use the built-in one")
        }
        return try read(own, shownAs: own)
    }

    /// Checks a definitions folder: it exists and is a folder; an error names what it is instead.
    public static func folder(_ path: String) throws(DefinitionError) -> ReportDefinitions {
        guard let status = FileStatus(path: path) else {
            throw .unreadable(path, "no such folder; expected a folder of definitions as `report-gen templates --export` writes it")
        }
        guard status.kind == .directory else {
            throw .unreadable(path, "is not a folder; expected a folder of definitions as `report-gen templates --export` writes it")
        }
        return ReportDefinitions(directory: path)
    }

    private func path(_ relative: String) -> String {
        Self.joined(directory ?? "", relative)
    }

    /// `folder/relative`, with one slash between them; `relative` alone for no folder.
    private static func joined(_ folder: String, _ relative: String) -> String {
        guard !folder.isEmpty else { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// Reads a regular file of at most ``DefinitionFile/maximumBytes``; anything else is unreadable.
    private func read(_ path: String, shownAs name: String) throws(DefinitionError) -> ([UInt8], String) {
        guard let status = FileStatus(path: path) else {
            let definitionsMissing = directory.map { path.hasPrefix($0) && FileStatus(path: $0) == nil } ?? false
            throw .unreadable(name, definitionsMissing ? "no such file; looked in \(directory ?? "")" : "no such file")
        }
        guard status.kind == .regular else {
            throw .unreadable(name, status.kind == .directory ? "is a directory; expected a JSON file" : "is not a regular file; expected a JSON file")
        }
        if status.size > DefinitionFile.maximumBytes {
            throw DefinitionError(file: name, "the file is larger than \(DefinitionFile.maximumBytes) bytes; expected a small JSON file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(name, "cannot be read (check its permissions)")
        }
        return ([UInt8](data), name)
    }
}
