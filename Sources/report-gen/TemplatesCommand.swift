import ArgumentParser
import ReportKit

/// `report-gen templates`: the built-in templates and what each is for.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in report templates."
    )

    func run() throws {
        let definitions = ReportDefinitions.builtIn
        var lines: [String] = []
        do {
            let theme = try definitions.theme(.light)
            for name in definitions.templateNames {
                let template = try definitions.template(name, theme: theme)
                lines.append("\(name.padding(toLength: 18, withPad: " ", startingAt: 0))\(template.subject == .history ? "history" : "job    ")  \(template.summary)")
            }
            lines.append("")
            lines.append("Built-in files: \(definitions.directory)")
            lines.append("Copy one, change it, and pass it with --template PATH (docs/template-format.md).")
        } catch {
            Console.report(ReportError.definition(error))
            throw ExitStatus.of(.definition(error))
        }
        try FileHandleOutput.print(lines.joined(separator: "\n") + "\n")
    }
}
