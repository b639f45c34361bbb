import ArgumentParser
import ReportKit

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print how to load the sprayer for a job: totals and every tank load.",
        usage: """
            report-gen plan job.json
            report-gen plan --json job.json
            cat job.json | report-gen plan -
            """,
        discussion: """
            Examples:
              report-gen plan job.json
              report-gen plan job.json --json | jq '.loads[0]'

            Reads a job in ReportKit's v1 format or one entry of the Kalkulator Oprysku app's history.
            Errors go to standard error as `error: <JSON path>: <problem>`.

            Exit status: 0 done, 64 usage error, 65 invalid input data, 66 input not readable.
            """
    )

    @Argument(help: "The job file (or a report report-gen made, which carries its job), or - for standard input.",
              completion: Completions.inputs)
    var input: String

    @Flag(help: "Print the plan as JSON for programs (full-precision values with rounded, localised display strings).")
    var json = false

    @Option(help: "The language of numbers, words and report-gen's messages: en, pl or de (default: the job's own, else the configuration's; messages: the configuration's, else en).",
            completion: Choice.completion(ReportLanguage.self), transform: Choice.parse)
    var locale: ReportLanguage?

    @Option(name: .customLong("time-zone"), help: TimeZoneOption.help)
    var timeZoneName: String?

    @Option(name: .customLong("products"), help: ProductsOption.help, completion: ProductsOption.completion)
    var productsPath: String?

    @Option(name: .customLong("config"), help: ConfigOption.help, completion: .file(extensions: ["json"]))
    var configPath: String?

    func validate() throws {
        try TimeZoneOption.check(timeZoneName)
    }

    func run() throws {
        try MessageLanguage.prepare(locale: locale, configPath: configPath)
        let catalogue = try ProductsOption.load(productsPath)
        let defaults = try ConfigOption.load(configPath)
        let bytes = try InputReader.read(input)
        let zone = TimeZoneOption.rules(timeZoneName, default: defaults.timeZone)
        let checked = JobCheck(Result { () throws(InputError) in try JobDecoder.decodeJob(bytes, timeZone: zone) }, catalogue: catalogue)
        guard let plan = checked.plan else {
            Console.report(InputError(checked.problems))
            throw ExitStatus.badData
        }
        if !json {
            for warning in plan.warnings { Console.warning(warning.saidWithPath) }
        }
        let document: String
        do {
            var options = ReportOptions(language: locale)
            options.defaultLanguage = defaults.locale
            document = try (json ? PlanFormat.json : .text).document(of: plan, language: options.language(for: plan.job))
        } catch {
            Console.report(error)
            throw ExitStatus.of(error)
        }
        try FileHandleOutput.print(document)
    }
}

extension ReportLanguage: ExpressibleByArgument {}
