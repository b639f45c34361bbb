import ArgumentParser
import FoundationEssentials
import ReportKit

#if canImport(Glibc)
import Glibc
#endif

@main
struct ReportGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-gen",
        abstract: "Spray reports from Kalkulator Oprysku jobs: how to load the sprayer, and the record of the application.",
        usage: """
            report-gen job.json                       writes job.pdf beside the job
            report-gen job.json -o spray-report.pdf
            report-gen job.json --template tank-card --theme dark --locale pl -o cab.pdf
            report-gen batch history.json -o reports/
            report-gen batch history.json --combined season.pdf
            report-gen validate job.json
            report-gen extract spray-report.pdf -o job.json
            report-gen templates
            """,
        version: ReportKitVersion.withLibraries,
        subcommands: [RenderCommand.self, BatchCommand.self, ValidateCommand.self, TemplatesCommand.self, PlanCommand.self, ExtractCommand.self,
                      RecordCommand.self, ISOXMLCommand.self, WatchCommand.self, ConfigCommand.self, CompletionsCommand.self],
        defaultSubcommand: RenderCommand.self
    )

    static func main() {
        // Past a file size limit (`ulimit -f`) a write should fail with an error the user is
        // told about and the partial file removed, not end the process on SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        // Likewise a closed pipe behind standard output (`report-gen plan job.json | head -1`):
        // the write fails with EPIPE and the user is told, instead of a silent death.
        signal(SIGPIPE, SIG_IGN)
        // Checked once, before any work: a date out of range is a usage error, never a trap in
        // a conversion deep in rendering.
        if let problem = SourceDateEpoch.problem() {
            Console.error(problem)
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        // "report-gen bacth …" would be read as a job file named bacth (the default command):
        // a first word that is no file but nearly a command is a typo of that command.
        if let meant = misspeltCommand(CommandLine.arguments) {
            Console.error(say("no-such-command", ["name": CommandLine.arguments[1], "meant": meant]))
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        // A combined document is finished in its file by an appended update, which would keep
        // cairo's uncompressed page content; every other PDF is finished in memory.
        let combined = CommandLine.arguments.contains { $0 == "--combined" || $0.hasPrefix("--combined=") }
        ReportKitProcess.prepare(combined ? [.privateFontsOnly, .keepFreedMemory] : .all)
        // One report: its text engine is made on the second core while the arguments are parsed
        // and the theme and template are loaded (the same bytes; see WarmStart).
        if makesOneReport(CommandLine.arguments) {
            WarmStart.beginForProcess()
        }
        main(nil)
    }

    /// The commands, as typed.
    static let commandNames = ["batch", "validate", "templates", "plan", "extract", "record", "isoxml", "render", "watch", "config", "completions", "help"]

    /// The command a first word misspells, when it is not a command, not an option and names no
    /// file; nil otherwise.
    static func misspeltCommand(_ arguments: [String]) -> String? {
        guard arguments.count > 1 else { return nil }
        let first = arguments[1]
        guard !first.hasPrefix("-"), !commandNames.contains(first), !first.contains("/"), !first.contains("."),
              !FileManager.default.fileExists(atPath: first) else { return nil }
        return NearestName.closest(to: first, in: commandNames)
    }

    /// Whether the command line is the default command, making one report: not another
    /// command, and not a request for help or the version. A wrong guess costs only the other
    /// core's time, never a different result.
    static func makesOneReport(_ arguments: [String]) -> Bool {
        let words = arguments.dropFirst()
        guard let first = words.first else { return false }
        let otherCommands = Set(commandNames).subtracting(["render"])
        let requests: Set<String> = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help", "---completion"]
        guard !otherCommands.contains(first), !words.contains(where: { requests.contains($0) || $0.hasPrefix("--generate-completion-script=") }) else {
            return false
        }
        // A job that is not there ends the run at once: no engine is worth starting for it.
        return words.contains { $0 == "-" || (!$0.hasPrefix("-") && FileStatus(path: $0)?.kind == .regular) }
    }

}
