/// A user's defaults for report-gen, from `$XDG_CONFIG_HOME/report-gen/config.json` (or a file
/// named with `--config`): who to credit, the language of a job that states none, the theme,
/// template, definitions folder, time zone and paper. A command-line option wins over it, and a
/// job's own values (its author, its locale) win over it too: it is a default, not an override.
///
/// ```json
/// {"format": "report-gen-config/1", "author": "Spółdzielnia Rolna Pole", "locale": "pl",
///  "theme": "light", "template": "spray-report", "definitions": "~/spoldzielnia",
///  "timeZone": "Europe/Warsaw", "paper": "a4"}
/// ```
package struct UserConfiguration: Sendable, Equatable {
    /// The format a configuration file names itself with (optional in the file).
    public static let format = "report-gen-config/1"
    /// The keys a file may hold, in the order `config --show` lists them.
    public static let keys = ["author", "locale", "theme", "template", "definitions", "timeZone", "paper"]

    /// The defaults, each nil when the file does not set it (docs/configuration.md's table).
    public var author: String?
    public var locale: ReportLanguage?
    public var theme: ThemeName?
    public var template: String?
    /// A definitions folder, `~/` expanded, relative paths from the file's folder.
    public var definitions: String?
    public var timeZone: String?
    public var paper: Paper?

    /// No defaults: every value built in.
    public init() {}

    /// The file report-gen reads when no `--config` is given: `$XDG_CONFIG_HOME/report-gen/config.json`,
    /// else `$HOME/.config/report-gen/config.json`; nil when neither variable is set.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") { return folder + "/report-gen/config.json" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/report-gen/config.json" }
        return nil
    }

    /// A configuration from a file's bytes; `file` names it in errors, and its folder is where
    /// a relative `definitions` path starts. `home` expands a leading `~/`.
    public static func read(_ bytes: [UInt8], file: String, home: String? = nil) throws(DefinitionError) -> UserConfiguration {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw DefinitionError(file: file, error.description)
        }
        var reader = JSONReader()
        var configuration = UserConfiguration()
        let node = JSONReader.Node(value: value, path: .root)
        if let root = reader.object(node, allowed: ["format"] + keys) {
            if let formatNode = root.optional("format"), let format = reader.text(formatNode), format != Self.format {
                reader.error(formatNode.path, "is \"\(format)\"; expected \"\(Self.format)\"")
            }
            configuration.author = root.optional("author").flatMap { reader.text($0) }
            if let author = configuration.author, let problem = ReportOptions.problem(withAuthor: author), let path = root.optional("author")?.path {
                reader.error(path, problem)
            }
            configuration.locale = root.optional("locale").flatMap { reader.choice($0, as: ReportLanguage.self) }
            configuration.theme = root.optional("theme").flatMap { reader.choice($0, as: ThemeName.self) }
            configuration.template = root.optional("template").flatMap { reader.text($0) }
            configuration.definitions = root.optional("definitions").flatMap { reader.text($0) }.map {
                Self.resolved($0, relativeTo: file, home: home)
            }
            if let zoneNode = root.optional("timeZone"), let zone = reader.text(zoneNode) {
                if TimeZoneRules.named(zone) == nil {
                    reader.error(zoneNode.path, "\"\(zone)\" is not a time zone of this system's database; expected an IANA name like Europe/Warsaw")
                } else {
                    configuration.timeZone = zone
                }
            }
            configuration.paper = root.optional("paper").flatMap { reader.choice($0, as: Paper.self) }
            if let template = configuration.template, template.contains("/") || template.hasSuffix(".json") {
                configuration.template = Self.resolved(template, relativeTo: file, home: home)
            }
        }
        let problems = reader.diagnostics.filter { $0.severity == .error }
        guard problems.isEmpty else { throw DefinitionError(file: file, problems) }
        return configuration
    }

    /// A path as the file gives it, made absolute: `~/x` from `home`, `x` from the file's folder.
    static func resolved(_ path: String, relativeTo file: String, home: String?) -> String {
        if path.hasPrefix("~/"), let home { return home + path.dropFirst(1) }
        if path.hasPrefix("/") { return path }
        guard let slash = file.lastIndex(of: "/") else { return path }
        return String(file[..<slash]) + "/" + path
    }

    /// The values as `config --show` prints them, by key; absent keys are left out.
    public var values: [String: String] {
        var values: [String: String] = [:]
        values["author"] = author
        values["locale"] = locale?.rawValue
        values["theme"] = theme?.rawValue
        values["template"] = template
        values["definitions"] = definitions
        values["timeZone"] = timeZone
        values["paper"] = paper?.rawValue
        return values
    }
}
