/// The plan as plain text for a terminal: inputs, totals, then one block per tank load.
public enum PlanText {
    public static func render(_ plan: SprayPlan, display: PlanDisplay) -> String {
        let words = Words.of(display.language)
        let language = display.language
        let job = plan.job
        let style = NumberStyle.of(language)
        let names = job.products.map { $0.name ?? words.unnamedProduct }
        var lines: [String] = []
        let labels = [words.field, words.sprayRate, words.tank, words.water, words.sprayLiquid, words.inTank] + names
        let labelWidth = labels.map(\.count).max().map { $0 + 2 } ?? 0
        func row(_ label: String, _ value: String, indent: Int = 0) -> String {
            String(repeating: " ", count: indent) + label + String(repeating: " ", count: max(2, labelWidth - label.count)) + value
        }

        lines.append(words.title + (job.title.map { ": \($0)" } ?? ""))
        let fieldParts = [job.field.name, job.field.crop].compactMap { $0 } + [display.fieldArea.text(in: language)]
        lines.append(row(words.field, fieldParts.joined(separator: " · ")))
        lines.append(row(words.sprayRate, style.format(given: job.sprayRate.value) + NumberStyle.unitSeparator
            + localisedRateSymbol(job.sprayRate.unit.rawValue, language)))
        lines.append(row(words.tank, display.tankCapacity.text(in: language) + " · " + words.loading(job.tank.loading)))
        lines.append(row(words.water, words.waterRule(job.waterRule)))
        for (name, product) in zip(names, job.products) {
            lines.append(row(name, style.format(given: product.rate.value) + NumberStyle.unitSeparator
                + localisedRateSymbol(product.rate.unit.rawValue, language)))
        }

        lines.append("")
        lines.append(words.totals)
        lines.append(row(words.sprayLiquid, display.totals.sprayLiquid.text(in: language), indent: 2))
        for (name, amount) in zip(names, display.totals.products) {
            lines.append(row(name, amount.text(in: language), indent: 2))
        }
        lines.append(row(words.water, display.totals.water.text(in: language), indent: 2))

        lines.append("")
        lines.append(words.loadSummary(plan.fullLoadCount, plan.partialLoadCount, plan.loads.count)
            + " · " + display.areaPerFullLoad.text(in: language) + " " + words.perFullLoad)
        for load in display.loads {
            lines.append("")
            lines.append("\(words.load) \(load.index)/\(display.loads.count) (\(words.kind(load.kind))) · \(load.area.text(in: language))")
            lines.append(row(words.water, load.water.text(in: language), indent: 2))
            for (name, amount) in zip(names, load.products) {
                lines.append(row(name, amount.text(in: language), indent: 2))
            }
            lines.append(row(words.inTank, load.tankContents.text(in: language), indent: 2))
        }

        if !plan.warnings.isEmpty {
            lines.append("")
            lines.append(words.warnings)
            lines += plan.warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A rate unit as written in `language`: Polish writes the litre as "l".
    static func localisedRateSymbol(_ symbol: String, _ language: ReportLanguage) -> String {
        language == .polish ? symbol.replacingOccurrences(of: "mL", with: "ml").replacingOccurrences(of: "L", with: "l") : symbol
    }

    /// The few words the text needs, per language.
    private struct Words {
        let title, field, sprayRate, tank, water, totals, sprayLiquid, load, inTank, perFullLoad, warnings, unnamedProduct: String
        let loading: (LoadingStrategy) -> String
        let waterRule: (WaterRule) -> String
        let kind: (LoadKind) -> String
        let loadSummary: (_ full: Int, _ partial: Int, _ total: Int) -> String

        static func of(_ language: ReportLanguage) -> Words {
            switch language {
            case .english:
                Words(
                    title: "Spray plan", field: "Field", sprayRate: "Spray volume", tank: "Tank", water: "Water",
                    totals: "Totals", sprayLiquid: "Spray liquid", load: "Load", inTank: "In the tank",
                    perFullLoad: "per full tank", warnings: "Warnings", unnamedProduct: "Product",
                    loading: { $0 == .equal ? "equal loads" : "full loads, then one partial load" },
                    waterRule: { $0 == .fillToVolume
                        ? "fill to volume (the products are part of each load's volume)"
                        : "add to carrier (the products go on top of the water)" },
                    kind: { $0.rawValue },
                    loadSummary: { full, partial, total in
                        full + partial == total && partial > 0 ? "\(total) loads: \(full) full + \(partial) partial" : "\(total) load\(total == 1 ? "" : "s")"
                    }
                )
            case .polish:
                Words(
                    title: "Plan oprysku", field: "Pole", sprayRate: "Dawka cieczy", tank: "Zbiornik", water: "Woda",
                    totals: "Razem", sprayLiquid: "Ciecz użytkowa", load: "Napełnienie", inTank: "W zbiorniku",
                    perFullLoad: "na pełny zbiornik", warnings: "Ostrzeżenia", unnamedProduct: "Środek",
                    loading: { $0 == .equal ? "równe napełnienia" : "pełne zbiorniki, potem jeden niepełny" },
                    waterRule: { $0 == .fillToVolume
                        ? "dopełnić wodą do objętości (środki wliczone w objętość napełnienia)"
                        : "środki dodawane do wody" },
                    kind: { switch $0 { case .full: "pełne"; case .partial: "niepełne"; case .equal: "równe" } },
                    loadSummary: { full, partial, total in
                        full + partial == total && partial > 0 ? "Napełnienia: \(total) (\(full) pełne + \(partial) niepełne)" : "Napełnienia: \(total)"
                    }
                )
            }
        }
    }
}
