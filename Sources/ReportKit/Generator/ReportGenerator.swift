/// What to draw a report with: the template, theme, language and credit. Equal options make the
/// same report of the same job (a pool of generators keys on the whole value; a test lists the
/// stored properties, so a new one cannot be left out of that).
public struct ReportOptions: Sendable, Equatable {
    /// A built-in template name (`spray-report`) or a path to a template file.
    public var template: String
    public var theme: ThemeName
    /// The report's language; nil uses each job's own.
    public var language: ReportLanguage?
    /// The author credited; nil uses the job's author, else ``ReportData/defaultAuthor``.
    public var author: String?
    /// A tokens file to use instead of the built-in one (a co-operative's own palette).
    public var tokensFile: String?
    /// What the PDF conforms to: PDF/A-3b and PDF/UA-1 with the job attached, unless `.none`.
    public var pdfStandard: PDFStandard
    /// The zone a job's UTC times are shown in when it names none (`--time-zone`); nil leaves a
    /// Polish job in Europe/Warsaw and others in UTC.
    public var timeZone: TimeZoneRules?
    /// The paper (`--paper`); nil uses the template's, else Letter for a job in US units and A4
    /// for a metric one.
    public var paper: Paper?
    /// The products' labels (`--products`): what a job's products leave out is filled from it, and
    /// the report warns where a job goes beyond a label. Nil checks nothing.
    public var catalogue: ProductCatalogue?
    /// Where the templates, tokens and locales come from: the built-in ones, or a folder laid out
    /// as `templates --export` writes it (`--definitions`).
    public var definitions: ReportDefinitions = .builtIn
    /// The author credited when neither ``author`` nor the job names one (a user's default, from
    /// a configuration file): a job's own author wins over it.
    public var defaultAuthor: String?
    /// The language of a job that does not state its own (a user's default); ``language`` and a
    /// job's own `locale` win over it.
    public var defaultLanguage: ReportLanguage?
    /// What fills a job's record where the job leaves it out (holding, operator, parcels); the
    /// job's own values win.
    public var fillIn: RecordFillIn?

    public init(template: String = "spray-report", theme: ThemeName = .light, language: ReportLanguage? = nil,
                author: String? = nil, tokensFile: String? = nil, pdfStandard: PDFStandard = .archivalAccessible) {
        self.pdfStandard = pdfStandard
        self.template = template
        self.theme = theme
        self.language = language
        self.author = author
        self.tokensFile = tokensFile
    }

    /// The language `job`'s report is written in: the option's, else the job's own, else the
    /// user's default, else English.
    public func language(for job: SprayJob) -> ReportLanguage {
        language ?? (job.localeIsStated ? job.locale : defaultLanguage ?? job.locale)
    }

    /// The author credited on `job`'s report: the option's, else the job's, else the user's
    /// default (nil: ``ReportData/defaultAuthor``).
    func author(for job: SprayJob) -> String? {
        author ?? job.author ?? defaultAuthor
    }

    /// Why `author` cannot be printed as the report's credit, or nil when it can: it is checked
    /// like a job's own single-line text (``TextRules``), and must not be blank.
    public static func problem(withAuthor author: String) -> String? {
        if author.allSatisfy(\.isWhitespace) {
            return "is empty; expected the name to credit (leave the option out for the job's own author)"
        }
        if author.count > JobLimits.maximumTextLength { return "is longer than \(JobLimits.maximumTextLength) characters" }
        return TextRules.problem(in: author, multiline: false)
    }
}

/// Why a report could not be made.
public enum ReportError: Error, Sendable, CustomStringConvertible {
    case input(InputError)
    case definition(DefinitionError)
    case layout(LayoutError)
    case render(RenderError)

    /// What kind of failure it is, for programs (docs/diagnostics.md): `input` (each diagnostic
    /// has its own code), `definition.invalid`, `definition.unreadable`, `layout.cannot-fit`, or
    /// the render error's own (``RenderError/code``).
    public var code: String {
        switch self {
        case .input: "input"
        case .definition(let error): error.isUnreadable ? "definition.unreadable" : "definition.invalid"
        case .layout: "layout.cannot-fit"
        case .render(let error): error.code
        }
    }

    public var description: String {
        switch self {
        case .input(let error): error.description
        case .definition(let error): error.description
        case .layout(let error): "the report cannot be laid out: \(error)"
        case .render(let error): error.description
        }
    }

    /// ``description`` in `language`: a job's findings and a file's failures in the user's
    /// words; a template's and a library's in their own.
    public func description(in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        switch self {
        case .input(let error): error.description(in: language, definitions: definitions)
        case .render(let error): error.message(in: language, definitions: definitions)
        case .definition, .layout: description
        }
    }
}

/// The whole pipeline for callers: input bytes → job → plan → document (from a template) → pages
/// → PDF or PNG. Holds the loaded theme, locales, template and the text engine, so making many
/// reports pays for loading once. One generator per thread (its text engine is not shared).
public final class ReportGenerator {
    public let options: ReportOptions
    public let theme: Theme
    package let template: ReportTemplate
    package let text: PangoTextEngine
    private let definitions: ReportDefinitions
    /// Whether ``template`` draws a QR code (the record is written out for it only then).
    private let drawsQRCode: Bool
    private var locales: [ReportLanguage: ReportLocale] = [:]

    /// A generator for `options`, drawing with `fonts`; `definitions` replace the options' own
    /// (templates, themes and locales already loaded).
    public convenience init(options: ReportOptions, definitions: ReportDefinitions? = nil, fonts: FontSet = .inter) throws(ReportError) {
        try self.init(options: options, definitions: definitions, fonts: fonts, textEngine: nil)
    }

    /// A generator for `options`, drawing with `fonts` through `textEngine` when given (one made
    /// ahead with the same fonts, on another thread; it must not be shared with another
    /// generator), else through an engine of its own.
    package init(options: ReportOptions, definitions: ReportDefinitions? = nil, fonts: FontSet = .inter,
                 textEngine: PangoTextEngine?) throws(ReportError) {
        self.options = options
        let definitions = definitions ?? options.definitions
        self.definitions = definitions
        for author in [options.author, options.defaultAuthor].compactMap({ $0 }) {
            if let problem = ReportOptions.problem(withAuthor: author) {
                throw .definition(DefinitionError(file: "the author option", problem))
            }
        }
        do {
            theme = try definitions.theme(options.theme, tokensFile: options.tokensFile)
            template = try definitions.template(options.template, theme: theme)
            drawsQRCode = template.drawsQRCode
        } catch {
            throw .definition(error)
        }
        do {
            if let textEngine, textEngine.fonts == fonts {
                text = textEngine
            } else {
                text = try PangoTextEngine(fonts: fonts)
            }
        } catch {
            throw .render(error)
        }
    }

    /// The locale of `language` (loaded once).
    package func locale(_ language: ReportLanguage) throws(ReportError) -> ReportLocale {
        if let locale = locales[language] { return locale }
        do {
            let locale = try definitions.locale(language)
            locales[language] = locale
            return locale
        } catch {
            throw .definition(error)
        }
    }

    /// The document stage for one job.
    /// `record` is the job's record as the report carries it (``recordDocument(of:)``), made here when not given.
    package func compose(_ plan: SprayPlan, anchorPrefix: String = "", record: [UInt8]? = nil) throws(ReportError) -> ComposedReport {
        try requireSubject(.job)
        let locale = try locale(options.language(for: plan.job))
        let evidence = RecordEvidence(of: record ?? Self.recordDocument(of: plan))
        let data = ReportData.job(plan, locale: locale, author: options.author(for: plan.job), withQRCode: drawsQRCode, evidence: evidence)
        return try compose(data, locale: locale, date: plan.job.date, anchorPrefix: anchorPrefix)
    }

    /// The document stage for a history's cover.
    package func composeHistory(_ plans: [SprayPlan]) throws(ReportError) -> ComposedReport {
        let locale = try locale(plans.first.map { options.language(for: $0.job) } ?? options.language ?? options.defaultLanguage ?? .english)
        return try composeHistory(plans.enumerated().map { HistoryLine(plan: $1, number: $0 + 1, locale: locale) }, language: locale.language)
    }

    /// The document stage for a history's cover from its lines, in `language` (made one job at a
    /// time by a batch; `--locale` overrides the language).
    /// `omitted` lists the history's entries left out as invalid: the register says so.
    /// `record`, the record the document carries, is printed as its SHA-256.
    package func composeHistory(_ lines: [HistoryLine], language: ReportLanguage, omitted: [OmittedEntry] = [],
                               record: [UInt8]? = nil) throws(ReportError) -> ComposedReport {
        try requireSubject(.history)
        let locale = try locale(options.language ?? language)
        let data = ReportData.history(lines, locale: locale, author: options.author, defaultAuthor: options.defaultAuthor, omitted: omitted,
                                      evidence: record.map(RecordEvidence.init(of:)))
        let latest = lines.compactMap(\.date).max { $0.instant < $1.instant }
        return try compose(data, locale: locale, date: latest, anchorPrefix: "")
    }

    /// The plan of a decoded job; the input's warnings are kept with the plan's own, with one for
    /// each text the report's fonts cannot draw.
    public func plan(_ decoded: DecodedJob) throws(ReportError) -> SprayPlan {
        do {
            return try ProductCatalogue.plan(decoded, with: options.catalogue, inputWarnings: text.unprintableTextWarnings(decoded.job)).plan
        } catch {
            throw .input(error)
        }
    }

    /// Pages from a composed report, numbered as a whole document or as a part of one.
    package func layout(_ report: ComposedReport, numbering: PageNumber.Scheme = .standalone) throws(ReportError) -> LaidOutDocument {
        do {
            let pages = try Paginator.paginate(report.body, template: report.pageTemplate, text: text, numbering: numbering)
            return LaidOutDocument(pages: pages, outline: report.outline, info: report.info)
        } catch {
            throw .layout(error)
        }
    }

    /// The render and finishing stages: the PDF, finished to ``ReportOptions/pdfStandard`` with
    /// `attachments` inside (see ``attachments(source:plan:prefix:)``).
    package func pdf(_ document: LaidOutDocument, attachments: [PDFAttachment] = []) throws(ReportError) -> [UInt8] {
        do {
            return try PDFRenderer(text: text).render(document, standard: options.pdfStandard, attachments: attachments)
        } catch {
            throw .render(error)
        }
    }

    /// What a job's report carries inside (PDF/A-3 associated files): the job as read (`source`,
    /// byte for byte, when given), the record of the application (``RecordLine``, as `report-gen
    /// record --format json` writes it) and the plan as `report-gen plan --json` writes it, in the
    /// report's language. `number` tells a job's files apart in a combined document ("job-0003.json").
    package func attachments(source: [UInt8]?, plan: SprayPlan, number: Int? = nil, record given: [UInt8]? = nil) throws(ReportError) -> [PDFAttachment] {
        guard options.pdfStandard != .none else { return [] }
        let language = options.language(for: plan.job)
        let display = PlanDisplay(plan: plan, language: language)
        let planJSON = JSONWriter.bytes(PlanJSON.value(for: plan, display: display, locale: try locale(language)))
        let record = given ?? Self.recordDocument(of: plan)
        let suffix = number.map { "-" + String(repeating: "0", count: max(0, 4 - String($0).count)) + String($0) } ?? ""
        let job = source.map {
            PDFAttachment(name: "job\(suffix).json", description: "The spray job this report was made from, as it was read",
                          relationship: .source, bytes: $0)
        }
        return [job].compactMap { $0 } + [
            PDFAttachment(name: "record\(suffix).json",
                          description: "The record of the application, one line per product (report-gen record, docs/record-v3.schema.json)",
                          relationship: .data, bytes: record),
            PDFAttachment(name: "plan\(suffix).json", description: "How to load the sprayer for the job: totals and every tank load (report-gen plan --json)",
                          relationship: .supplement, bytes: planJSON),
        ]
    }

    /// A job's record as its report carries it (`record.json`) and prints its SHA-256.
    public static func recordDocument(of plan: SprayPlan) -> [UInt8] {
        Array(RecordFormat.json.document(RecordLine.lines(of: plan)).utf8)
    }

    /// What a history's cover or register carries inside: the history as read, and the record of
    /// its jobs (`records`, one line per product; left out when empty).
    package func attachments(history source: [UInt8], records: [RecordLine] = [], omitted: [OmittedEntry] = []) -> [PDFAttachment] {
        guard options.pdfStandard != .none else { return [] }
        var files = [PDFAttachment(name: "history.json", description: "The history of spray jobs this document lists, as it was read",
                                   relationship: .source, bytes: source)]
        if !records.isEmpty {
            files.append(PDFAttachment(name: "record.json", description: "The record of the applications, one line per product (docs/record-v3.schema.json)",
                                       relationship: .data, bytes: Array(RecordFormat.json.document(records, omitted: omitted).utf8)))
        }
        return files
    }

    /// One PNG per page.
    package func png(_ document: LaidOutDocument, dpi: Double) throws(ReportError) -> [[UInt8]] {
        let renderer = PNGRenderer(text: text)
        var images: [[UInt8]] = []
        for page in document.pages {
            do {
                images.append(try renderer.render(page, dpi: dpi))
            } catch {
                throw .render(error)
            }
        }
        return images
    }

    private func compose(_ data: TemplateValue, locale: ReportLocale, date: JobDate?, anchorPrefix: String) throws(ReportError) -> ComposedReport {
        let info = DocumentInfo(subject: locale["app"], creator: "report-gen (ReportKit)", creationDate: date?.instant,
                                language: locale.language.rawValue)
        do {
            return try ReportComposer.compose(template, data: data, theme: theme, locale: locale, info: info, anchorPrefix: anchorPrefix,
                                              qrEncoder: LibQREncoder(), paper: options.paper)
        } catch {
            throw .definition(error)
        }
    }

    private func requireSubject(_ subject: ReportTemplate.Subject) throws(ReportError) {
        guard template.subject == subject else {
            let message = subject == .job
                ? "is a template for a history of jobs, not for one job; use it with a history input"
                : "is a template for one job, not for a history; use history-summary for a history's cover"
            throw .definition(DefinitionError(file: template.file, at: JSONPath.root.appending("subject"), message))
        }
    }
}
