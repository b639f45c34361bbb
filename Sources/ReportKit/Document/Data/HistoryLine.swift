/// One job's line on a history's cover: what the cover needs of a job, without the job.
package struct HistoryLine: Sendable {
    /// The job's number in the history, from 1.
    public let number: Int
    public let date: JobDate?
    /// The page the job's report starts on, when it follows the cover in the same document.
    public var firstPage: Int?
    private let values: [String: TemplateValue]
    /// The job's lines of the season register (one per product), ready to print.
    let register: [[String: TemplateValue]]
    /// The job's holding and operator, for the register's page header.
    let registerFacts: [String: String]
    /// Who the job names as its author.
    let author: String?
    /// Whether the job is in US units (a history of such jobs is printed on Letter).
    let usesUSUnits: Bool
    /// The area treated, ha, and each product's total by its unit (L, kg), for the register's totals.
    let treatedHectares: Double
    let productTotals: [String: Double]
    /// The spray liquid, L, for the cover's totals.
    let sprayLitres: Double
    /// The job's record lines, for the register's season total per product.
    let recordLines: [RecordLine]
    /// The UTC offsets of the job's start and end, for the register's choice to print them.
    let offsets: Set<Int>

    public init(plan: SprayPlan, number: Int, locale: ReportLocale, firstPage: Int? = nil) {
        self.number = number
        self.date = plan.job.date
        self.firstPage = firstPage
        let display = PlanDisplay(plan: plan, language: locale.language)
        values = ReportData.summary(plan, display: display, locale: locale, number: number)
        recordLines = RecordLine.lines(of: plan)
        register = RegisterLine.values(of: plan, lines: recordLines, display: display, locale: locale)
        registerFacts = ["holding": plan.job.record.holding, "operator": plan.job.record.operatorName].compactMapValues { $0 }
        author = plan.job.author
        usesUSUnits = plan.job.usesUSUnits
        treatedHectares = plan.job.field.area.internalValue
        sprayLitres = plan.totals.sprayLiquid
        // Litres of the liquid products, kilograms of the dry ones (the plan's own units).
        productTotals = zip(plan.job.products, plan.totals.products).reduce(into: [:]) { totals, pair in
            totals[pair.0.form == .liquid ? "L" : "kg", default: 0] += pair.1
        }
        offsets = Set([plan.job.date, plan.job.endDateAsShown].compactMap { $0 }.filter(\.hasTime).map(\.utcOffsetSeconds))
    }

    /// The destination at the start of job `number`'s pages in a combined document.
    public static func anchor(number: Int) -> String { "job-\(number)" }

    var value: TemplateValue {
        var record = values
        record["page"] = firstPage.map(TemplateValue.integer) ?? .absent
        record["link"] = firstPage == nil ? .absent : .text("#" + Self.anchor(number: number))
        record["sums"] = .amounts([PageSums.key("area", unit: "ha"): treatedHectares, PageSums.key("sprayLiquid", unit: "L"): sprayLitres])
        return .record(record)
    }
}
