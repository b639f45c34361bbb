import Glibc

/// A job against its products' labels: what the catalogue fills in, and where the job goes beyond
/// what a label allows. Warnings, not errors: the record keeps what was done; the person reading
/// the report and the record sees what to look at (docs/product-catalogue.md).
extension ProductCatalogue {
    /// The job with what its products leave out filled from their entries (authorisation number,
    /// kind, active ingredients, restricted-entry and pre-harvest intervals), and a warning for an
    /// authorisation number the catalogue does not know or that had ended by the application.
    public func completing(_ decoded: DecodedJob) -> DecodedJob {
        var job = decoded.job
        var warnings = decoded.warnings
        for (index, product) in job.products.enumerated() {
            guard let entry = entry(for: product) else { continue }
            let path = job.sourcePaths.products.appending(index: index)
            let name = product.name ?? entry.name
            var filled = product
            if filled.authorisation == nil, entry.kind == .plantProtection { filled.authorisation = entry.authorisation }
            if !filled.kindIsStated { filled.kind = entry.kind }
            if filled.activeIngredients.isEmpty { filled.activeIngredients = entry.activeIngredients }
            if filled.restrictedEntryHours == nil { filled.restrictedEntryHours = entry.restrictedEntryHours }
            if filled.preHarvestIntervalDays == nil {
                filled.preHarvestIntervalDays = entry.use(for: job.field)?.preHarvestIntervalDays
            }
            job.products[index] = filled
            if let number = product.authorisation, let known = entry.authorisation, Self.key(number) != Self.key(known),
               !knows(authorisation: number) {
                warnings.append(Diagnostic(.warning, at: path.appending("authorisation"),
                                           MessageText("label.authorisation-not-catalogues", ["name": name, "number": number, "known": known]),
                                           notice: .authorisationUnknown(product: name, number: number)))
            }
            if let until = entry.validUntil, let day = job.date.map(Self.day), day > until {
                let number = filled.authorisation ?? entry.name
                warnings.append(Diagnostic(.warning, at: path.appending("authorisation"),
                                           MessageText("label.authorisation-expired", ["name": name, "number": number, "until": until, "day": day]),
                                           notice: .authorisationExpired(product: name, number: number, lastDay: until)))
            }
        }
        for (index, product) in job.products.enumerated()
        where entry(for: product) == nil && product.kind == .plantProtection && product.name != nil {
            let path = job.sourcePaths.products.appending(index: index)
            let name = product.name ?? ""
            let message = product.authorisation.map { MessageText("label.not-in-catalogue-numbered", ["name": name, "number": $0]) }
                ?? MessageText("label.not-in-catalogue", ["name": name])
            warnings.append(Diagnostic(.warning, at: path.appending("name"), message,
                                       notice: .authorisationUnknown(product: name, number: product.authorisation)))
        }
        return DecodedJob(job: job, warnings: warnings)
    }

    /// Where a planned job goes beyond its products' labels on its crop: a product with no use on
    /// the crop, a dose above the maximum, a growth stage outside the label's window.
    public func labelWarnings(for plan: SprayPlan) -> [Diagnostic] {
        let job = plan.job
        var warnings: [Diagnostic] = []
        for (index, product) in job.products.enumerated() {
            guard let entry = entry(for: product), !entry.uses.isEmpty, let crop = job.field.crop ?? job.field.cropCode else { continue }
            let path = job.sourcePaths.products.appending(index: index)
            let name = product.name ?? entry.name
            guard let use = entry.use(for: job.field) else {
                warnings.append(Diagnostic(.warning, at: path.appending("name"),
                                           MessageText("label.no-use-on-crop", ["name": name, "crop": crop]),
                                           notice: .notOnLabel(product: name, crop: crop)))
                continue
            }
            if let maximum = use.maxRate, let dose = dose(of: index, in: plan, like: maximum.unit) {
                if maximum.unit.form != product.form {
                    warnings.append(Diagnostic(.warning, at: path.appending("rate"),
                                               MessageText("label.units-not-comparable", ["name": name, "labelUnit": maximum.unit.rawValue,
                                                                                          "doseUnit": product.rate.unit.rawValue]),
                                               notice: .labelUnitNotComparable(product: name, labelUnit: maximum.unit.rawValue, doseUnit: product.rate.unit.rawValue)))
                } else if dose > maximum.value * (1 + 1e-9) {
                    warnings.append(Diagnostic(.warning, at: path.appending("rate"),
                                               MessageText("label.above-maximum", ["name": name, "crop": crop,
                                                                                     "dose": "\(RecordNumber.text(Self.rounded(dose))) \(maximum.unit.rawValue)",
                                                                                     "maximum": "\(RecordNumber.text(maximum.value)) \(maximum.unit.rawValue)"]),
                                               notice: .aboveLabelMaximum(product: name, dose: Self.rounded(dose), maximum: maximum.value, unit: maximum.unit.rawValue)))
                }
            }
            if let window = use.bbch, let stage = job.record.bbch, stage.from < window.from || stage.to > window.to {
                warnings.append(Diagnostic(.warning, at: job.sourcePaths.job.appending("bbch"),
                                           MessageText("label.outside-stages", ["name": name, "crop": crop, "stage": stage.text, "window": window.text]),
                                           notice: .outsideLabelStages(product: name, stage: stage.text, window: window.text)))
            }
        }
        return warnings
    }

    /// Product `index`'s dose in `unit`: per area from its total over the field, or as a
    /// concentration from its total in the spray liquid, whichever `unit` is.
    private func dose(of index: Int, in plan: SprayPlan, like unit: ProductRateUnit) -> Double? {
        guard index < plan.totals.products.count else { return nil }
        let total = plan.totals.products[index]
        let area = plan.job.field.area.internalValue
        switch unit.basis {
        case .perArea: return area > 0 ? total / area / unit.toInternal : nil
        case .perSprayLiquid: return plan.totals.sprayLiquid > 0 ? total / plan.totals.sprayLiquid / unit.toInternal : nil
        }
    }

    /// A dose to 4 significant digits: what a label's figure can be compared with.
    private static func rounded(_ value: Double) -> Double {
        guard value > 0 else { return value }
        let scale = pow(10, 3 - floor(log10(value)))
        return (value * scale).rounded() / scale
    }

    /// The local calendar day of a job date: `2026-05-14`.
    static func day(_ date: JobDate) -> String {
        CivilTime(date.instant, offsetSeconds: date.utcOffsetSeconds).isoDate
    }
}

extension ProductCatalogue {
    /// A decoded job planned with `catalogue` (when there is one): its products completed from
    /// their entries and the plan checked against their labels. The plan carries every warning,
    /// the catalogue's among them (a report prints them); `labelWarnings` are the catalogue's alone.
    static func plan(_ decoded: DecodedJob, with catalogue: ProductCatalogue?,
                     inputWarnings extra: [Diagnostic] = []) throws(InputError) -> (plan: SprayPlan, labelWarnings: [Diagnostic]) {
        guard let catalogue else {
            let plan = try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings + extra)
            let harvest = harvestWarnings(for: plan.job)
            return (plan.adding(harvest), harvest)
        }
        let completed = catalogue.completing(decoded)
        let filled = Array(completed.warnings.dropFirst(decoded.warnings.count))
        let plan = try SprayCalculator.plan(for: completed.job, inputWarnings: decoded.warnings + extra + filled)
        let label = catalogue.labelWarnings(for: plan) + harvestWarnings(for: plan.job)
        return (plan.adding(label), filled + label)
    }

    /// A planned harvest before the earliest day the pre-harvest intervals allow.
    static func harvestWarnings(for job: SprayJob) -> [Diagnostic] {
        guard let planned = job.record.plannedHarvest.map(day), let earliest = job.earliestHarvest else { return [] }
        let first = day(earliest.day)
        guard planned < first else { return [] }
        let name = earliest.product ?? "the product"
        let values = ["planned": planned, "earliest": first, "days": String(earliest.days)]
        let text = earliest.product.map { MessageText("label.harvest-too-early", values.merging(["name": $0]) { $1 }) }
            ?? MessageText("label.harvest-too-early-unnamed", values)
        return [Diagnostic(.warning, at: job.sourcePaths.job.appending("plannedHarvest"), text,
                           notice: .harvestTooEarly(product: name, planned: planned, earliest: first, days: earliest.days))]
    }
}

extension SprayPlan {
    /// The plan with more warnings after its own.
    func adding(_ more: [Diagnostic]) -> SprayPlan {
        more.isEmpty ? self : SprayPlan(job: job, totals: totals, areaPerFullLoad: areaPerFullLoad, loads: loads, warnings: warnings + more)
    }
}
