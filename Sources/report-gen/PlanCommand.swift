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

    @Option(help: "The language of numbers and words: en or pl (default: the job's own, else the configuration's).",
            completion: Choice.completion(ReportLanguage.self), transform: Choice.parse)
    var locale: ReportLanguage?

    @OptionGroup var timeZone: TimeZoneOption

    @OptionGroup var products: ProductsOption

    @OptionGroup var config: ConfigOption

    func run() throws {
        let catalogue = try products.load()
        let defaults = try config.load()
        let bytes = try InputReader.read(input)
        let zone = try timeZone.rules(default: defaults.timeZone)
        let checked = JobCheck(Result { () throws(InputError) in try JobDecoder.decodeJob(bytes, timeZone: zone) }, catalogue: catalogue)
        guard let plan = checked.plan else {
            Console.report(InputError(checked.problems))
            throw ExitStatus.badData
        }
        if !json {
            for warning in plan.warnings { Console.warning(warning.description) }
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
