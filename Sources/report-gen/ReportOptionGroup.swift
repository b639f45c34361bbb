import ArgumentParser
import ReportKit

/// The options every report-making command shares. An option left out takes the configuration
/// file's value (``ConfigOption``), else the built-in default; a job's own author and locale win
/// over the configuration's.
struct ReportOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("The report template: a built-in name (see `report-gen templates`) or a template file (default: spray-report).",
                               valueName: "name-or-path"),
            completion: Completions.templates)
    var template: String?

    @Option(help: "The palette: light (for print, the default) or dark (for screens).",
            completion: Choice.completion(ThemeName.self), transform: Choice.parse)
    var theme: ThemeName?

    @Option(help: "The language of the report and of report-gen's messages: en, pl or de (default: the job's own, else the configuration's; messages: the configuration's, else en).",
            completion: Choice.completion(ReportLanguage.self), transform: Choice.parse)
    var locale: ReportLanguage?

    @Option(help: "The author credited on the report (default: the job's author, else the configuration's, else Wojciech Olszak).")
    var author: String?

    @Option(help: ArgumentHelp("A tokens file to use instead of the built-in palette and type scale.", valueName: "path"),
            completion: .file(extensions: ["json"]))
    var tokens: String?

    @Option(help: ArgumentHelp(
        "A folder of definitions as `report-gen templates --export` writes it (templates, tokens.json, locales/): its templates are named like the built-in ones, its texts and palette used; what it lacks is built in.",
        valueName: "folder"), completion: .directory)
    var definitions: String?

    @Option(name: .customLong("pdf-standard"), help: ArgumentHelp(
        "What the PDF conforms to: pdfa-3b-ua-1 (archival PDF/A-3b and accessible PDF/UA-1, with the job and its plan attached) or none (a plain tagged PDF, nothing attached).",
        valueName: "standard"), completion: Choice.completion(PDFStandard.self), transform: Choice.parse)
    var pdfStandardOption: PDFStandard?

    var pdfStandard: PDFStandard { pdfStandardOption ?? .archivalAccessible }

    // The time zone, products and configuration options are declared here, not nested as their
    // groups: each nested group multiplies the checks swift-argument-parser runs at every start
    // of a debug build (render's start took 52 ms of CPU with them nested, 32 ms flat).
    @Option(name: .customLong("time-zone"), help: TimeZoneOption.help)
    var timeZoneName: String?

    @Option(help: "The paper: a4 or letter (default: the template's, else Letter for a job in US units and A4 for a metric one).",
            completion: Choice.completion(Paper.self), transform: Choice.parse)
    var paper: Paper?

    @Option(name: .customLong("products"), help: ProductsOption.help, completion: ProductsOption.completion)
    var productsPath: String?

    @Option(name: .customLong("config"), help: ConfigOption.help, completion: .file(extensions: ["json"]))
    var configPath: String?

    /// The configuration file read, if any.
    var configFile: String? { ConfigOption.file(configPath) }

    /// The time zone named (checked in `validate`).
    var timeZoneRules: TimeZoneRules? { TimeZoneOption.rules(timeZoneName, default: nil) }

    func validate() throws {
        if let author, let problem = ReportOptions.problem(withAuthor: author) {
            throw ValidationError("--author \(problem)")
        }
        try TimeZoneOption.check(timeZoneName)
    }

    /// The options, the configuration's defaults under the flags; a product catalogue, a
    /// configuration or a definitions folder that cannot be used is reported and ends the run.
    /// The language of the command's messages, chosen before it reads anything.
    func prepareMessages() throws { try MessageLanguage.prepare(locale: locale, configPath: configPath) }

    func reportOptions() throws -> ReportOptions {
        MessageLanguage.state(locale)
        let defaults = try ConfigOption.load(configPath)
        var options = ReportOptions(template: template ?? defaults.template ?? "spray-report", theme: theme ?? defaults.theme ?? .light,
                                    language: locale, author: author, tokensFile: tokens, pdfStandard: pdfStandard)
        options.defaultAuthor = defaults.author
        options.defaultLanguage = defaults.locale
        options.timeZone = TimeZoneOption.rules(timeZoneName, default: defaults.timeZone)
        options.paper = paper ?? defaults.paper
        options.catalogue = try ProductsOption.load(productsPath)
        if let folder = definitions ?? defaults.definitions { options.definitions = try DefinitionsFolder.open(folder) }
        MessageLanguage.use(options.definitions)
        return options
    }

    /// A generator for these options; a template or font problem is reported and ends the run.
    func makeGenerator() throws -> ReportGenerator {
        let options = try reportOptions()
        do {
            // The engine made ahead on the other core while the arguments were parsed, if any.
            return try ReportGenerator(options: options, textEngine: WarmStart.takeEngine(for: .inter))
        } catch {
            Console.report(error)
            throw ExitStatus.of(error)
        }
    }
}

/// `--definitions DIR`, or the configuration's folder.
enum DefinitionsFolder {
    /// The folder's definitions; one that is missing or no folder is reported and ends the run.
    static func open(_ folder: String) throws -> ReportDefinitions {
        do {
            return try ReportDefinitions.folder(folder)
        } catch {
            Console.report(ReportError.definition(error))
            throw ExitStatus.of(.definition(error))
        }
    }
}

extension ThemeName: ExpressibleByArgument {}
extension Paper: ExpressibleByArgument {}
extension PDFStandard: ExpressibleByArgument {}
extension RecordJurisdiction: ExpressibleByArgument {}
extension RecordFormat: ExpressibleByArgument {}
