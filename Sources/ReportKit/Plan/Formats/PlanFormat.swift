/// The plan on its own, for a terminal or a program (`report-gen plan`): one call from a plan to
/// its text or JSON in a language.
package enum PlanFormat: String, Sendable, CaseIterable {
    /// Inputs, totals, then one block per tank load (``PlanText``).
    case text
    /// The JSON shape of docs/plan-output.md (``PlanJSON``).
    case json

    /// `plan` in this format, in `language` (nil: the job's own), with the words of `definitions`' locale.
    public func document(of plan: SprayPlan, language: ReportLanguage? = nil,
                         definitions: ReportDefinitions = .builtIn) throws(ReportError) -> String {
        let language = language ?? plan.job.locale
        let locale: ReportLocale
        do {
            locale = try definitions.locale(language)
        } catch {
            throw .definition(error)
        }
        let display = PlanDisplay(plan: plan, language: language)
        switch self {
        case .text: return PlanText.render(plan, display: display, locale: locale)
        case .json: return JSONWriter.write(PlanJSON.value(for: plan, display: display, locale: locale))
        }
    }
}
