import ArgumentParser
import FoundationEssentials
import ReportKit

/// `report-gen watch JOB -o out.pdf`: renders, then renders again whenever the job, the
/// template, the tokens, the definitions or the configuration change; an edit that breaks the
/// job or the template prints its errors and keeps the last good PDF.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Render a job, and render it again each time the job, template, tokens or locale files change.",
        discussion: """
            For editing a template or a job with the PDF open beside it: each save re-renders (inotify), \
            the errors of a broken edit are printed and the last good PDF is kept. Stop with Ctrl-C.

            Examples:
              report-gen watch job.json --template my-report.json -o preview.pdf
              report-gen watch job.json --definitions my-templates/ -o preview.pdf

            Exit status: 64 usage error, 66 the job cannot be read at the start, 69 file changes cannot be \
            watched, 130 stopped by Ctrl-C (143 by SIGTERM).
            """
    )

    @Argument(help: "The job file.", completion: Completions.inputs)
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PDF to write (default: beside the job, with .pdf).", valueName: "path"),
            completion: .file(extensions: ["pdf"]))
    var output: String?

    @OptionGroup var report: ReportOptionGroup

    func validate() throws {
        if input == "-" { throw ValidationError("watch reads a job file, not standard input: changes to it are what it waits for") }
        if output == "-" { throw ValidationError("watch writes a file (-o NAME.pdf) that a viewer reloads, not standard output") }
    }

    func run() throws {
        let trap = SignalTrap(.now)
        defer { withExtendedLifetime(trap) {} }
        try report.prepareMessages()
        guard FileStatus(path: input)?.kind == .regular else {
            Console.error(say("watch-no-such-file", ["name": input]))
            throw ExitStatus.unreadableInput
        }
        let target = output ?? RenderCommand.beside(input, extension: "pdf")
        let watcher: FileWatcher
        do {
            // Its own output is never a change: a PDF written into a watched folder (a definitions
            // folder takes every .json file) rendered again on every write.
            watcher = try FileWatcher(files: watchedFiles(), folders: watchedFolders(), ignoring: [target])
        } catch {
            Console.error(said(error))
            throw ExitStatus.unavailable
        }
        let engine = WarmStart.takeEngine(for: .inter) ?? (try? PangoTextEngine())
        Status.say("watching \(input) (Ctrl-C to stop)")
        renderOnce(to: target, engine: engine)
        while true {
            let changed = watcher.waitForChange()
            Status.say("changed: \(changed.map(InputReader.displayName).joined(separator: ", "))")
            renderOnce(to: target, engine: engine)
        }
    }

    /// The job, the template and tokens files, and the configuration.
    private func watchedFiles() -> [String] {
        let template = report.template.flatMap { $0.contains("/") || $0.hasSuffix(".json") ? $0 : nil }
        return [input, template, report.tokens, report.configFile].compactMap { $0 }
    }

    /// A definitions folder's own folders: its tokens, its templates, its locales.
    private func watchedFolders() -> [String] {
        guard let folder = report.definitions else { return [] }
        return [folder, folder + "/reports", folder + "/locales"].filter { FileStatus(path: $0)?.kind == .directory }
    }

    /// One render: written whole, or its errors printed and the last good PDF left as it was.
    private func renderOnce(to target: String, engine: PangoTextEngine?) {
        do {
            let bytes = try InputReader.read(input)
            let options = try report.reportOptions()
            let made: Report
            do {
                made = try ReportGenerator(options: options, textEngine: engine).report(from: bytes, output: .pdf)
            } catch {
                Console.report(error)
                throw ExitStatus.of(error)
            }
            for warning in made.warnings { Console.warning(warning.saidWithPath) }
            try OutputWriter.writeAll([(target, made.files[0])], protecting: InputReader.identities(of: input, report: report))
            Status.say("wrote \(target)")
        } catch {
            Status.say("kept the last good \(target)")
        }
    }

    /// What watch is doing, on standard error beside the diagnostics.
    enum Status {
        static func say(_ message: String) {
            FileHandleOutput.standardError.write("watch: \(TerminalText.escaped(message))\n")
        }
    }
}
