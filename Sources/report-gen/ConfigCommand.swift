import ArgumentParser
import ReportKit

/// `report-gen config --show`: the defaults in force, each with where it comes from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the configuration in force: each default and where it comes from.",
        discussion: """
            report-gen reads its defaults from $XDG_CONFIG_HOME/report-gen/config.json (else \
            ~/.config/report-gen/config.json) when that file exists, or from the file named with --config \
            (docs/configuration.md): author, locale, theme, template, definitions, timeZone, paper. \
            Precedence: a command-line option, then the job's own values (its author, its locale), then the \
            configuration, then the built-in default.

            Examples:
              report-gen config --show
              report-gen config --show --config ~/spoldzielnia/config.json

            Exit status: 0 shown, 65 the configuration is not valid, 66 it cannot be read.
            """
    )

    @Flag(help: "Print the configuration in force (the default action).")
    var show = false

    @OptionGroup var config: ConfigOption

    /// What each key is when neither an option nor the configuration gives it.
    static let builtIn: [String: String] = [
        "author": "the job's author, else Wojciech Olszak",
        "locale": "the job's own, else en",
        "theme": "light",
        "template": "spray-report",
        "definitions": "built into report-gen",
        "timeZone": "the job's, else Europe/Warsaw for a Polish job, else UTC",
        "paper": "the template's, else letter for a job in US units, else a4",
    ]

    func run() throws {
        let values = try config.load().values
        var lines = ["configuration file: " + (config.file.map(InputReader.displayName) ?? "none (\(ConfigOption.standardPathDescription) does not exist)")]
        let width = UserConfiguration.keys.map(\.count).max() ?? 0
        for key in UserConfiguration.keys {
            let padded = key + String(repeating: " ", count: width - key.count)
            if let value = values[key] {
                lines.append("\(padded)  \(value)  (configuration)")
            } else {
                lines.append("\(padded)  \(Self.builtIn[key] ?? "")  (built in)")
            }
        }
        lines.append("precedence: command-line option > the job's own author and locale > configuration > built in")
        try FileHandleOutput.print(lines.joined(separator: "\n") + "\n")
    }
}
