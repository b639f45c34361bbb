import FoundationEssentials

/// A plan's warnings as the report prints them, in its language and the job's units, so the
/// person loading the sprayer sees them on the paper and not only the one who ran the tool.
enum NoticeText {
    /// Every warning of `plan`, each once: in the locale's words where it has a ``Notice``, else
    /// its message as it is.
    static func texts(_ plan: SprayPlan, locale t: ReportLocale) -> [String] {
        var seen = Set<String>()
        return plan.warnings.filter { $0.severity == .warning }.map { text($0, job: plan.job, locale: t) }.filter { seen.insert($0).inserted }
    }

    static func text(_ warning: Diagnostic, job: SprayJob, locale t: ReportLocale) -> String {
        guard let notice = warning.notice else { return warning.message }
        switch notice {
        case .smallLastLoad(let litres, let share):
            // In the tank's own unit, to a tenth: what the person measures.
            let unit = job.tank.capacity.unit
            let amount = (litres / unit.toInternal * 10).rounded() / 10
            return ReportLocale.fill(t["notice.smallLastLoad"], ["amount": t.given(amount, unit: unit.rawValue), "share": Notice.share(share, t.integer)])
        case .repeatedProduct(let name, let number, let first):
            return ReportLocale.fill(t["notice.repeatedProduct"], ["name": name, "number": t.integer(number), "first": t.integer(first)])
        case .unprintableText(let field, let characters):
            return ReportLocale.fill(t["notice.unprintableText"], ["field": field, "characters": characters.joined(separator: ", ")])
        case .ignoredKey(let key):
            return ReportLocale.fill(t["notice.ignoredKey"], ["key": key])
        case .unreadableBBCH(let text):
            return ReportLocale.fill(t["notice.unreadableBBCH"], ["text": text])
        case .authorisationUnknown(let name, let number):
            return ReportLocale.fill(t[number == nil ? "notice.notInCatalogue" : "notice.authorisationUnknown"], ["name": name, "number": number ?? ""])
        case .authorisationExpired(let name, let number, let lastDay):
            let day = JobDate(rfc3339: lastDay).map { t.text($0, includeTime: false) } ?? lastDay
            return ReportLocale.fill(t["notice.authorisationExpired"], ["name": name, "number": number, "day": day])
        case .notOnLabel(let name, let crop):
            return ReportLocale.fill(t["notice.notOnLabel"], ["name": name, "crop": crop])
        case .labelUnitNotComparable(let name, let labelUnit, let doseUnit):
            return ReportLocale.fill(t["notice.labelUnitNotComparable"], ["name": name, "labelUnit": t.rateSymbol(labelUnit), "doseUnit": t.rateSymbol(doseUnit)])
        case .aboveLabelMaximum(let name, let dose, let maximum, let unit):
            return ReportLocale.fill(t["notice.aboveLabelMaximum"], ["name": name, "dose": t.given(dose, unit: unit), "maximum": t.given(maximum, unit: unit)])
        case .outsideLabelStages(let name, let stage, let window):
            return ReportLocale.fill(t["notice.outsideLabelStages"], ["name": name, "stage": stage, "window": window])
        case .harvestTooEarly(let name, let planned, let earliest, let days):
            func day(_ text: String) -> String { JobDate(rfc3339: text).map { t.text($0, includeTime: false) } ?? text }
            return ReportLocale.fill(t["notice.harvestTooEarly"], ["name": name, "planned": day(planned), "earliest": day(earliest), "days": t.integer(days)])
        case .treatmentsOverLabel(let name, let count, let maximum, let place):
            return ReportLocale.fill(t["notice.treatmentsOverLabel"], ["name": name, "count": t.integer(count), "maximum": t.integer(maximum), "place": place])
        }
    }
}
