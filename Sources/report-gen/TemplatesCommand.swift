import ArgumentParser
import ReportKit

/// `report-gen templates`: the built-in templates and what each is for; `--export DIR` writes
/// the built-in definition files out for a user to copy and change.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in report templates, or write them out to change them.",
        discussion: """
            Examples:
              report-gen templates
              report-gen templates --export my-templates/    (edit locales/pl.json)
              report-gen job.json --definitions my-templates/ -o report.pdf

            The built-in tokens, locales and templates are compiled into report-gen. --export DIR writes \
            them as files (DIR/tokens.json, DIR/locales/, DIR/reports/); files already there are kept. \
            Pass a changed template with --template PATH and a changed palette with --tokens PATH \
            (docs/template-format.md). Exit status: 0 done, 73 the folder cannot be written.
            """
    )

    @Option(help: ArgumentHelp("Write the built-in definition files into this folder (made if missing); use it with --definitions.", valueName: "folder"),
            completion: .directory)
    var export: String?

    func run() throws {
        let definitions = ReportDefinitions.builtIn
        if let export {
            let result: (written: [String], kept: [String])
            do {
                result = try definitions.export(to: export)
            } catch {
                throw OutputWriter.fail(error)
            }
            let lines = result.written.map { "wrote \($0)" } + result.kept.map { "kept \($0) (already there)" }
            return try FileHandleOutput.print(lines.joined(separator: "\n") + "\n")
        }
        var lines: [String] = []
        do {
            let theme = try definitions.theme(.light)
            for name in definitions.templateNames {
                let template = try definitions.template(name, theme: theme)
                lines.append("\(name + String(repeating: " ", count: max(0, 18 - name.count)))\(template.subject == .history ? "history" : "job    ")  \(template.summary)")
            }
            lines.append("")
            lines.append("Built-in files: \(definitions.location)" + (definitions.directory == nil ? " (templates --export DIR writes them out)." : "."))
            lines.append("Copy one, change it, and pass it with --template PATH (docs/template-format.md).")
        } catch {
            Console.report(ReportError.definition(error))
            throw ExitStatus.of(.definition(error))
        }
        try FileHandleOutput.print(lines.joined(separator: "\n") + "\n")
    }
}
