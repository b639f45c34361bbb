/// The plan as plain text for a terminal: inputs, totals, then one block per tank load, in the
/// words of the locale.
package enum PlanText {
    package static func render(_ plan: SprayPlan, display: PlanDisplay, locale: ReportLocale) -> String {
        let t = locale
        let job = plan.job
        let names = job.products.map { $0.name ?? t["product.unnamed"] }
        var lines: [String] = []
        let labels = [t["field"], t["sprayVolume"], t["tank"], t["water"], t["sprayLiquid"], t["inTank"]] + names
        let labelWidth = labels.map(\.count).max().map { $0 + 2 } ?? 0
        func row(_ label: String, _ value: String, indent: Int = 0) -> String {
            String(repeating: " ", count: indent) + label + String(repeating: " ", count: max(2, labelWidth - label.count)) + value
        }

        lines.append(t["plan.title"] + (job.title.map { ": \($0)" } ?? ""))
        let fieldParts = [job.field.name, job.field.crop].compactMap { $0 } + [t.text(display.fieldArea)]
        lines.append(row(t["field"], fieldParts.joined(separator: " · ")))
        lines.append(row(t["sprayVolume"], t.given(job.sprayRate.value, unit: job.sprayRate.unit.rawValue)))
        lines.append(row(t["tank"], t.text(display.tankCapacity) + " · " + t.loading(of: plan)))
        lines.append(row(t["water"], t.waterRule(job.waterRule)))
        for (name, product) in zip(names, job.products) {
            lines.append(row(name, t.given(product.rate.value, unit: product.rate.unit.rawValue)))
        }

        lines.append("")
        lines.append(t["totals"])
        lines.append(row(t["sprayLiquid"], t.text(display.totals.sprayLiquid), indent: 2))
        for (name, amount) in zip(names, display.totals.products) {
            lines.append(row(name, t.text(amount), indent: 2))
        }
        lines.append(row(t["water"], t.text(display.totals.water), indent: 2))

        lines.append("")
        lines.append(t.loadSummary(plan) + " · " + t.text(display.areaPerFullLoad) + " " + t["perFullTank"])
        for load in display.loads {
            lines.append("")
            lines.append("\(t["load"]) \(load.index)/\(display.loads.count) (\(t.kind(load.kind))) · \(t.text(load.area))")
            lines.append(row(t["water"], t.text(load.water), indent: 2))
            for (name, amount) in zip(names, load.products) {
                lines.append(row(name, t.text(amount), indent: 2))
            }
            lines.append(row(t["inTank"], t.text(load.tankContents), indent: 2))
        }

        if !plan.warnings.isEmpty {
            lines.append("")
            lines.append(t["warnings"])
            lines += plan.warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ReportLocale {
    /// The strings the code itself uses (plan text, tank drawings, enumerations); a locale file
    /// must give all of them.
    static let requiredStrings = [
        "plan.title", "field", "sprayVolume", "tank", "water", "sprayLiquid", "inTank", "totals", "load",
        "perFullTank", "warnings", "product.unnamed", "loading.fullThenPartial", "loading.equal",
        "waterRule.fillToVolume", "waterRule.addToCarrier", "loadKind.full", "loadKind.partial", "loadKind.equal",
        "loadSummary.mixed", "loadSummary.single", "loadDetail.mixed", "gauge.dryNote", "yes", "no",
        "waterRule.fillToVolume.explanation", "waterRule.addToCarrier.explanation",
    ]

    /// The string for `key`; the key itself when the locale lacks it (required keys are checked on load).
    package subscript(key: String) -> String { strings[key] ?? key }

    func loading(_ strategy: LoadingStrategy) -> String { self["loading." + strategy.rawValue] }

    /// How the plan loads the tank, as it is: "full tanks, then one partial load" only when it
    /// has both; "full tanks" when the area takes whole tanks, "one partial load" when it takes
    /// less than one.
    func loading(of plan: SprayPlan) -> String {
        guard plan.job.tank.loading == .fullThenPartial else { return loading(plan.job.tank.loading) }
        if plan.partialLoadCount == 0 { return self["loading.fullOnly"] }
        if plan.fullLoadCount == 0 { return self["loading.partialOnly"] }
        return loading(.fullThenPartial)
    }
    func waterRule(_ rule: WaterRule) -> String { self["waterRule." + rule.rawValue] }
    func kind(_ kind: LoadKind) -> String { self["loadKind." + kind.rawValue] }

    /// "3 loads: 2 full + 1 partial", or "4 loads" when they are all alike.
    func loadSummary(_ plan: SprayPlan) -> String {
        let total = plan.loads.count
        let loads = plural("loads", total) ?? "\(total)"
        guard plan.partialLoadCount > 0, plan.fullLoadCount > 0 else { return Self.fill(self["loadSummary.single"], ["loads": loads]) }
        return Self.fill(self["loadSummary.mixed"], loadCounts(plan).merging(["loads": loads]) { $1 })
    }

    /// "2 full", "5 pełnych": the full and partial loads counted with their plural forms.
    func loadCounts(_ plan: SprayPlan) -> [String: String] {
        ["full": plural("fullLoads", plan.fullLoadCount) ?? integer(plan.fullLoadCount),
         "partial": plural("partialLoads", plan.partialLoadCount) ?? integer(plan.partialLoadCount)]
    }
}
