/// The sums a table adds up, as a template prints them: a season's totals and each page's.
///
/// Amounts are keyed by what they are and their unit, "area ha", "used L", "used kg": the
/// template reaches each by what (`page.area`, `page.used`), printed as every unit's sum to two
/// decimals, joined ("12,5 l · 3 kg").
enum PageSums {
    /// The key of an amount of `what` in `unit`.
    static func key(_ what: String, unit: String) -> String { "\(what) \(unit)" }

    /// The sums as a record of texts, one per kind of amount.
    static func value(_ sums: [String: Double], locale: ReportLocale) -> TemplateValue {
        var byWhat: [String: [(unit: String, amount: Double)]] = [:]
        for (key, amount) in sums {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            byWhat[parts[0], default: []].append((parts[1], amount))
        }
        return .record(byWhat.mapValues { amounts in
            .text(amounts.sorted { $0.unit < $1.unit }.map { total($0.amount, unit: $0.unit, locale: locale) }.joined(separator: " · "))
        })
    }

    /// A sum to two decimals ("150 000 l", "49,07 ha"): what a season's or a page's sum is read to.
    static func total(_ value: Double, unit: String, locale: ReportLocale) -> String {
        locale.numbers.format(steps: Int64((value * 100).rounded()), fractionDigits: 2, trimZeros: true) + locale.unitSeparator + locale.rateSymbol(unit)
    }
}
