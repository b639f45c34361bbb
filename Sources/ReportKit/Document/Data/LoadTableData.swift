/// The tank loads as the report's tables show them: one row per group of identical loads
/// ("1–96 · full × 96"), and the same amounts turned around (one row per water, product and tank
/// total; one column per group) for mixes with more products than fit across a page.
enum LoadTableData {
    /// One value per group of identical loads, in order.
    static func groups(_ display: PlanDisplay, locale t: ReportLocale) -> [TemplateValue] {
        display.groups.enumerated().map { number, range in
            let first = display.loads[range.lowerBound]
            let numbers = range.count == 1
                ? t.integer(first.index)
                : "\(t.integer(first.index))–\(t.integer(display.loads[range.upperBound - 1].index))"
            let kind = t.kind(first.kind)
            // "full × 96" stays on one line (no-break spaces): a count must not part from its kind.
            let label = range.count == 1 ? "\(numbers) · \(kind)" : "\(numbers) · \(kind)\u{A0}×\u{A0}\(t.integer(range.count))"
            // About half the water first (in whole units, what a tank's gauge shows), the rest last.
            let whole = DisplayRounding.pow10(first.water.scale.fractionDigits)
            let halfSteps = Int64((Double(first.water.steps) / 2 / whole).rounded() * whole)
            let half = DisplayQuantity(value: Double(halfSteps) / whole, scale: first.water.scale, steps: halfSteps)
            let rest = DisplayQuantity(value: first.water.value - half.value, scale: first.water.scale, steps: first.water.steps - halfSteps)
            // A box to tick for each load of a run ("☐ 1   ☐ 2 …"), on the one card they share.
            let ticks = range.map { "☐\u{A0}\(t.integer(display.loads[$0].index))" }.joined(separator: "   ")
            return .record([
                "number": .integer(first.index),
                "waterHalf": .quantity(half),
                "waterRest": .quantity(rest),
                "ticks": .text(ticks),
                "index": .integer(number),
                "numbers": .text(numbers),
                "count": .integer(range.count),
                "kind": .text(kind),
                "label": .text(label),
                "isPartial": .bool(first.kind == .partial),
                "isRun": .bool(range.count > 1),
                "isLongRun": .bool(range.count > 40),
                "area": .quantity(first.area),
                "water": .quantity(first.water),
                "tankContents": .quantity(first.tankContents),
                "products": .list(first.products.map(TemplateValue.quantity)),
            ])
        }
    }

    /// The run whose loads are rounded alike and do not add up, when there is one: then every
    /// load is of that run (no load alone takes the remainder).
    private static func roundedRun(_ display: PlanDisplay) -> Range<Int>? {
        display.loadsAddUp || display.groups.count != 1 ? nil : display.groups.first
    }

    /// One load of `run` exactly in `column`, or the rounded amount where the column adds up.
    private static func exact(_ display: PlanDisplay, _ run: Range<Int>, _ column: PlanDisplay.Column, _ rounded: DisplayQuantity) -> TemplateValue {
        .quantity(display.exactFigures.first { $0.group == run && $0.column == column }?.quantity ?? rounded)
    }

    /// ``groups(_:locale:)``, and when the loads are rounded (all of one run, none alone to
    /// take the remainder) a row more: one load's exact amounts (`t.exactPerLoad`, "Exactly"),
    /// in the same columns, a line where the same figures in words took three.
    static func groupsWithExactRow(_ display: PlanDisplay, locale t: ReportLocale) -> [TemplateValue] {
        let groups = groups(display, locale: t)
        guard let run = roundedRun(display), case .record(var fields)? = groups.first else { return groups }
        let first = display.loads[run.lowerBound]
        func exact(_ column: PlanDisplay.Column, _ rounded: DisplayQuantity) -> TemplateValue { Self.exact(display, run, column, rounded) }
        fields["label"] = .text(t["exactPerLoad"])
        fields["isExact"] = .bool(true)
        fields["area"] = exact(.area, first.area)
        fields["water"] = exact(.water, first.water)
        fields["tankContents"] = exact(.tankContents, first.tankContents)
        fields["products"] = .list(first.products.enumerated().map { exact(.product($0), $1) })
        return groups + [.record(fields)]
    }

    /// The table turned around: area, water, each product and the tank's contents as rows, with
    /// the amount for one load of each group, the job's total and, when the loads are rounded,
    /// one load's exact amount (`exact`).
    static func rows(_ display: PlanDisplay, productNames: [String], locale t: ReportLocale) -> [TemplateValue] {
        let firsts = display.groups.map { display.loads[$0.lowerBound] }
        // Loads that do not add up are all of one run (no load alone takes the remainder): one
        // load's exact amount of each row, for a column of its own ("exact"), as the same
        // amount rounded where the row adds up.
        let run = roundedRun(display)
        func exact(_ column: PlanDisplay.Column, _ rounded: DisplayQuantity) -> TemplateValue {
            run.map { Self.exact(display, $0, column, rounded) } ?? .absent
        }
        func row(_ name: String, _ values: [DisplayQuantity], total: DisplayQuantity, isProduct: Bool, column: PlanDisplay.Column) -> TemplateValue {
            .record([
                "name": .text(name),
                "unit": .text(t.symbol(total.unit)),
                "values": .list(values.map(TemplateValue.quantity)),
                "total": .quantity(total),
                "exact": values.first.map { exact(column, $0) } ?? .absent,
                "isProduct": .bool(isProduct),
            ])
        }
        var rows = [
            row(t["area"], firsts.map(\.area), total: display.totals.area, isProduct: false, column: .area),
            row(t["water"], firsts.map(\.water), total: display.totals.water, isProduct: false, column: .water),
        ]
        for (index, name) in productNames.enumerated() {
            rows.append(row(name, firsts.map { $0.products[index] }, total: display.totals.products[index], isProduct: true, column: .product(index)))
        }
        rows.append(row(t["inTank"], firsts.map(\.tankContents), total: display.totals.tankContents, isProduct: false, column: .tankContents))
        return rows
    }

    /// For columns whose rounded loads do not add up to their totals (all loads alike, none to
    /// take the remainder), one line per group: one load's exact amounts, which times the count
    /// give the totals ("1–1,000 · full × 1,000: area 4.9993 ha · Roundup 7.49895 L").
    static func exactLines(_ display: PlanDisplay, productNames: [String], locale t: ReportLocale) -> [TemplateValue] {
        let labels = groups(display, locale: t).map { value -> String in
            if case .record(let fields) = value, case .text(let label)? = fields["label"] { return label }
            return ""
        }
        return display.groups.enumerated().compactMap { number, range -> TemplateValue? in
            let figures = display.exactFigures.filter { $0.group == range && $0.column != .volume }
            guard !figures.isEmpty else { return nil }
            let amounts = figures.map { figure -> String in
                let name = switch figure.column {
                case .area: t["area"]
                case .volume: t["sprayLiquid"]
                case .water: t["water"]
                case .tankContents: t["inTank"]
                case .product(let index): index < productNames.count ? productNames[index] : t["product.unnamed"]
                }
                return "\(name) \(t.text(figure.quantity))"
            }
            return .text("\(labels[number]): \(amounts.joined(separator: " · "))")
        }
    }
}
