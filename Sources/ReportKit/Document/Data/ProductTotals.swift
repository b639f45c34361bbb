/// A season's total of each product, as the register prints it under a holding's rows: one
/// line per product and unit, in the unit its rows use (L or kg; gal or lb for a product given in
/// US units), not one litre and one kilogram figure for every product together.
enum ProductTotals {
    struct Amount: Sendable, Equatable {
        let product: String
        let unit: String
        let value: Double
    }

    /// The products of a planned job with their totals in their rows' units.
    static func amounts(of plan: SprayPlan, locale t: ReportLocale) -> [Amount] {
        RecordLine.lines(of: plan).enumerated().map { index, line in
            let total = line.totalInRowUnits(usUnits: plan.job.usesUSUnits)
            return Amount(product: line.product ?? "\(t["product.unnamed"]) \(index + 1)", unit: total.unit, value: total.value)
        }
    }

    /// The totals of a section's amounts by product and unit, in the order products first appear.
    static func season(_ amounts: [Amount], locale t: ReportLocale) -> [TemplateValue] {
        var order: [String] = []
        var sums: [String: (product: String, unit: String, value: Double)] = [:]
        for amount in amounts {
            let key = amount.product + "\u{0}" + amount.unit
            if sums[key] == nil { order.append(key) }
            sums[key, default: (amount.product, amount.unit, 0)].value += amount.value
        }
        return order.compactMap { sums[$0] }.map { sum in
            .record(["product": .text(sum.product), "total": .text(PageSums.total(sum.value, unit: sum.unit, locale: t))])
        }
    }
}
