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
    /// The area as entered ("5 a", "30 ac") and its unit, and the spray liquid as the job's own
    /// report prints it, for a cover that lists every job in one unit a column.
    private let enteredArea: (text: String, unit: String)
    private let sprayLiquidAsShown: String

    public init(plan: SprayPlan, number: Int, locale: ReportLocale, firstPage: Int? = nil) {
        self.number = number
        self.date = plan.job.date
        self.firstPage = firstPage
        let display = PlanDisplay(plan: plan, language: locale.language)
        values = ReportData.summary(plan, display: display, locale: locale, number: number)
        recordLines = RecordLine.lines(of: plan)
        register = RegisterLine.values(of: plan, lines: recordLines, display: display, locale: locale)
        registerFacts = ["holding": plan.job.record.holding, "operator": plan.job.record.operatorName,
                         "operatorLicence": plan.job.record.operatorLicence].compactMapValues { $0 }
        author = plan.job.author
        usesUSUnits = plan.job.usesUSUnits
        treatedHectares = plan.job.field.area.internalValue
        sprayLitres = plan.totals.sprayLiquid
        // Litres of the liquid products, kilograms of the dry ones (the plan's own units).
        productTotals = zip(plan.job.products, plan.totals.products).reduce(into: [:]) { totals, pair in
            totals[pair.0.form == .liquid ? "L" : "kg", default: 0] += pair.1
        }
        offsets = Set([plan.job.date, plan.job.endDateAsShown].compactMap { $0 }.filter(\.hasTime).map(\.utcOffsetSeconds))
        enteredArea = (locale.given(plan.job.field.area.value, unit: plan.job.field.area.unit.rawValue), plan.job.field.area.unit.rawValue)
        sprayLiquidAsShown = locale.text(display.totals.sprayLiquid)
    }

    /// An amount to two decimals, as the page totals print it; under 1, to three significant
    /// digits ("0,0001 ha" for a garden bed of 1 m², not "0 ha").
    private static func amount(_ value: Double, unit: String, locale: ReportLocale) -> String {
        guard value < 1, value > 0 else { return PageSums.total(value, unit: unit, locale: locale) }
        return locale.given(RecordNumber.rounded(value, significantDigits: 3), unit: unit)
    }

    /// The destination at the start of job `number`'s pages in a combined document.
    public static func anchor(number: Int) -> String { "job-\(number)" }

    var value: TemplateValue { value(inUSUnits: nil, locale: nil) }

    /// The line with its area and spray liquid in the column's units: hectares and litres, or
    /// acres and gallons for a history all in US units; the job's own beside them where they differ
    /// ("0,05 ha (5 a)", "12,14 ha (30 ac)"), so a column never mixes units.
    func value(inUSUnits usUnits: Bool?, locale: ReportLocale?) -> TemplateValue {
        var record = values
        if let usUnits, let locale {
            let areaUnit = usUnits ? "ac" : "ha"
            let area = Self.amount(usUnits ? treatedHectares / UnitConversion.hectaresPerAcre : treatedHectares, unit: areaUnit, locale: locale)
            record["area"] = .text(enteredArea.unit == areaUnit ? area : "\(area) (\(enteredArea.text))")
            let liquid = Self.amount(usUnits ? sprayLitres / UnitConversion.litresPerUSGallon : sprayLitres, unit: usUnits ? "gal" : "L", locale: locale)
            record["sprayLiquid"] = .text(usesUSUnits == usUnits ? liquid : "\(liquid) (\(sprayLiquidAsShown))")
        }
        if usUnits == true {
            record["sums"] = .amounts([PageSums.key("area", unit: "ac"): treatedHectares / UnitConversion.hectaresPerAcre,
                                       PageSums.key("sprayLiquid", unit: "gal"): sprayLitres / UnitConversion.litresPerUSGallon])
        }
        record["page"] = firstPage.map(TemplateValue.integer) ?? .absent
        record["link"] = firstPage == nil ? .absent : .text("#" + Self.anchor(number: number))
        record["sums"] = .amounts([PageSums.key("area", unit: "ha"): treatedHectares, PageSums.key("sprayLiquid", unit: "L"): sprayLitres])
        return .record(record)
    }
}
