import ArgumentParser
import ReportKit

/// The options every report-making command shares.
struct ReportOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("The report template: a built-in name (see `report-gen templates`) or a template file.", valueName: "name-or-path"))
    var template = "spray-report"

    @Option(help: "The palette: light (for print) or dark (for screens).")
    var theme: ThemeName = .light

    @Option(help: "The language of the report, en or pl (default: the job's own).")
    var locale: ReportLanguage?

    @Option(help: "The author credited on the report (default: the job's author, else Wojciech Olszak).")
    var author: String?

    @Option(help: ArgumentHelp("A tokens file to use instead of the built-in palette and type scale.", valueName: "path"))
    var tokens: String?

    @Option(name: .customLong("pdf-standard"), help: ArgumentHelp(
        "What the PDF conforms to: pdfa-3b-ua-1 (archival PDF/A-3b and accessible PDF/UA-1, with the job and its plan attached) or none (a plain tagged PDF, nothing attached).",
        valueName: "standard"))
    var pdfStandard: PDFStandard = .archivalAccessible

    @OptionGroup var timeZone: TimeZoneOption

    @Option(help: "The paper: a4 or letter (default: the template's, else Letter for a job in US units and A4 for a metric one).")
    var paper: Paper?

    @OptionGroup var products: ProductsOption

    func validate() throws {
        if let author, let problem = ReportOptions.problem(withAuthor: author) {
            throw ValidationError("--author \(problem)")
        }
    }

    /// The options; a product catalogue that cannot be used is reported and ends the run.
    func reportOptions() throws -> ReportOptions {
        var options = ReportOptions(template: template, theme: theme, language: locale, author: author, tokensFile: tokens, pdfStandard: pdfStandard)
        options.timeZone = timeZone.rules
        options.paper = paper
        options.catalogue = try products.load()
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

extension ThemeName: ExpressibleByArgument {}
extension Paper: ExpressibleByArgument {}
extension PDFStandard: ExpressibleByArgument {}
extension RecordJurisdiction: ExpressibleByArgument {}
extension RecordFormat: ExpressibleByArgument {}
