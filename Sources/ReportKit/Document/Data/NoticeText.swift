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
            return ReportLocale.fill(t["notice.smallLastLoad"], ["amount": t.given(amount, unit: unit.rawValue), "share": t.integer(share)])
        case .repeatedProduct(let name, let number, let first):
            return ReportLocale.fill(t["notice.repeatedProduct"], ["name": name, "number": t.integer(number), "first": t.integer(first)])
        case .unprintableText(let field, let characters):
            return ReportLocale.fill(t["notice.unprintableText"], ["field": field, "characters": characters.joined(separator: ", ")])
        case .ignoredKey(let key):
            return ReportLocale.fill(t["notice.ignoredKey"], ["key": key])
        case .unreadableBBCH(let text):
            return ReportLocale.fill(t["notice.unreadableBBCH"], ["text": text])
        }
    }
}
