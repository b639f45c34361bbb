/// Jobs as ISO 11783-10 task data (docs/isoxml.md): what a sprayer's terminal imports as tasks.
///
/// Each job is a task (TSK) on a partfield (PFD, the job's field with its area) of a customer and
/// farm (CTR and FRM, the job's holding), with one treatment zone (TZN) whose process data (PDV) are the
/// setpoint rates: the spray liquid's volume per area on the job's tank mix (a temporary mixture,
/// PDT of type 3, whose components, PRN, are the products and the water of a recipe), and each
/// product's own rate. Every number is written in its data dictionary entity's unit and resolution
/// (``DataDictionaryEntity``); a dose a resolution cannot hold is written to the nearest step and
/// said, with its size. Names longer than the standard's 32 characters are shortened and said.
package enum TaskDataExport {
    /// The standard's longest designator.
    public static let maximumNameLength = 32
    /// The largest integer an ISO 11783-10 value holds (`xs:long` bounded to 2³¹ − 1 in the XSD).
    static let largestValue = Int64(Int32.max)

    /// The task data of `plans` (one task each), and a warning for every name shortened
    /// (`isoxml.name-shortened`) and every dose the standard's resolution cannot hold
    /// (`isoxml.rate-rounded`: the product, the dose, the value written and the difference).
    public static func taskData(of plans: [SprayPlan], software: String = ReportKitVersion.current,
                                language: ReportLanguage = .english) -> (root: TaskDataElement, warnings: [DiagnosticRecord]) {
        var builder = Builder(language: language)
        for (index, plan) in plans.enumerated() { builder.add(plan, number: index + 1, of: plans.count) }
        let root = TaskDataElement("ISO11783_TaskData", [
            ("VersionMajor", "4"), ("VersionMinor", "3"), ("ManagementSoftwareManufacturer", "ReportKit"),
            ("ManagementSoftwareVersion", shortened(software, to: maximumNameLength)), ("DataTransferOrigin", "1"),
            ("lang", language.rawValue),
        ], children: builder.customers + builder.farms + builder.crops + builder.partfields + builder.products + builder.tasks + builder.valuePresentations)
        return (root, builder.warnings)
    }

    /// The whole characters of `text` that fit in `limit` code points: the XSD's `maxLength`
    /// counts code points, and a letter with its accent or a flag is several (a name of 32
    /// letters of which some are decomposed passed 32 and failed the schema).
    static func shortened(_ text: String, to limit: Int) -> String {
        var kept = 0
        var result = ""
        for character in text {
            let size = character.unicodeScalars.count
            guard kept + size <= limit else { break }
            result.append(character)
            kept += size
        }
        return result
    }

    /// The value presentation of a rate entity: how a terminal shows its integers in the record's
    /// unit (scale one step, as many decimals as a step has).
    static func valuePresentation(_ id: String, of entity: DataDictionaryEntity, unit: String) -> TaskDataElement {
        let scale = RecordNumber.text(entity.step)
        let decimals = scale.split(separator: ".").dropFirst().first?.count ?? 0
        return TaskDataElement("VPN", [("A", id), ("B", "0"), ("C", scale), ("D", String(decimals)), ("E", unit)])
    }

    /// The tank mix's recipe is written for 1, 10 or 100 hectares: the first that holds every
    /// component to the mL or g (0.0625 L/ha is 62.5 mL in one hectare, 625 in ten), else the one
    /// that loses least, within the largest value.
    static let recipeHectares: [Double] = [1, 10, 100]

    /// The recipe's hectares for `perHectare` quantities (mL or g) and a spray volume of `millilitres` a hectare.
    static func recipeArea(for perHectare: [Double], millilitres: Double) -> Double {
        func loss(_ hectares: Double) -> Double {
            perHectare.map { quantity in quantity > 0 ? abs((quantity * hectares).rounded() - quantity * hectares) / (quantity * hectares) : 0 }.max() ?? 0
        }
        let fitting = recipeHectares.filter { hectares in
            (perHectare + [millilitres]).allSatisfy { ($0 * hectares).rounded() <= Double(largestValue) }
        }
        return fitting.first { loss($0) < 1e-9 } ?? fitting.min { loss($0) < loss($1) } ?? 1
    }

    /// A rate as a person reads it in the warning: kg/ha below one in g/ha, L/ha in mL/ha.
    static func readable(_ value: Double, _ entity: DataDictionaryEntity) -> String {
        let small = abs(value) < 1 && value != 0
        let unit = small ? (entity.recordUnit == "kg/ha" ? "g/ha" : "mL/ha") : entity.recordUnit
        return "\(RecordNumber.text(RecordNumber.rounded(small ? value * 1000 : value, significantDigits: 6))) \(unit)"
    }
}
