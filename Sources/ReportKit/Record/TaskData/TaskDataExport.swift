/// Jobs as ISO 11783-10 task data (docs/isoxml.md): what a sprayer's terminal imports as tasks.
///
/// Each job is a task (TSK) on a partfield (PFD, the job's field with its area) of a customer and
/// farm (CTR and FRM, the job's holding), with one treatment zone (TZN) whose process data (PDV) are the
/// setpoint rates: the spray liquid's volume per area on the job's tank mix (a temporary mixture,
/// PDT of type 3, whose components, PRN, are the products and the water per hectare), and each
/// product's own rate. Names longer than the standard's 32 characters are shortened and said.
public enum TaskDataExport {
    /// The standard's longest designator.
    public static let maximumNameLength = 32

    /// DDI 0x0001, Setpoint Volume Per Area Application Rate, mm³/m²: 1 L/ha = 100 mm³/m².
    static let volumePerArea = "0001"
    /// DDI 0x0006, Setpoint Mass Per Area Application Rate, mg/m²: 1 kg/ha = 100 mg/m².
    static let massPerArea = "0006"
    /// DDI 0x0048 (72), Actual Volume Content, mL: a liquid product's quantity unit.
    static let volumeContent = "0048"
    /// DDI 0x004B (75), Actual Mass Content, g: a dry product's quantity unit.
    static let massContent = "004B"

    /// The task data of `plans` (one task each), and a warning for every name shortened.
    public static func taskData(of plans: [SprayPlan], software: String = ReportKitVersion.current,
                                language: ReportLanguage = .english) -> (root: TaskDataElement, warnings: [String]) {
        var builder = Builder(language: language)
        for (index, plan) in plans.enumerated() { builder.add(plan, number: index + 1) }
        let root = TaskDataElement("ISO11783_TaskData", [
            ("VersionMajor", "4"), ("VersionMinor", "3"), ("ManagementSoftwareManufacturer", "ReportKit"),
            ("ManagementSoftwareVersion", String(software.prefix(maximumNameLength))), ("DataTransferOrigin", "1"),
            ("lang", language == .polish ? "pl" : "en"),
        ], children: builder.customers + builder.farms + builder.partfields + builder.products + builder.tasks + builder.valuePresentations)
        return (root, builder.warnings)
    }

    /// A value in a DDI's integer units, rounded to its resolution.
    static func units(_ value: Double, per unit: Double) -> String {
        String(Int64((value / unit).rounded()))
    }

    private struct Builder {
        let language: ReportLanguage
        var customers: [TaskDataElement] = []
        /// A farm per holding: terminals file partfields and tasks under customer and farm.
        var farms: [TaskDataElement] = []
        var partfields: [TaskDataElement] = []
        var products: [TaskDataElement] = []
        var tasks: [TaskDataElement] = []
        var warnings: [String] = []
        private var customerIDs: [String: (customer: String, farm: String)] = [:]
        /// Products by name and form, shared by every task that uses them.
        private var productIDs: [String: String] = [:]
        private var waterID: String?

        init(language: ReportLanguage) { self.language = language }

        var valuePresentations: [TaskDataElement] {
            [
                TaskDataElement("VPN", [("A", "VPN1"), ("B", "0"), ("C", "0.01"), ("D", "2"), ("E", "l/ha")]),
                TaskDataElement("VPN", [("A", "VPN2"), ("B", "0"), ("C", "0.01"), ("D", "2"), ("E", "kg/ha")]),
            ]
        }

        /// A designator within the standard's length: shortened on purpose, and said.
        mutating func name(_ text: String, what: String) -> String {
            guard text.count > TaskDataExport.maximumNameLength else { return text }
            let short = String(text.prefix(TaskDataExport.maximumNameLength - 1)) + "…"
            warnings.append("\(what) \"\(text)\" is longer than the standard's \(TaskDataExport.maximumNameLength) characters: written as \"\(short)\"")
            return short
        }

        mutating func add(_ plan: SprayPlan, number: Int) {
            let job = plan.job
            let label = job.id.map { "job \($0)" } ?? "job \(number)"
            var customer: String?, farm: String?
            if let holding = job.record.holding {
                if let known = customerIDs[holding] {
                    (customer, farm) = known
                } else {
                    let ids = (customer: "CTR\(customers.count + 1)", farm: "FRM\(farms.count + 1)")
                    let holdingName = name(holding, what: "\(label): the holding")
                    customers.append(TaskDataElement("CTR", [("A", ids.customer), ("B", holdingName)]))
                    farms.append(TaskDataElement("FRM", [("A", ids.farm), ("B", holdingName), ("I", ids.customer)]))
                    customerIDs[holding] = ids
                    (customer, farm) = ids
                }
            }
            let partfield = "PFD\(partfields.count + 1)"
            let fieldName = job.field.name ?? job.title ?? (language == .polish ? "Pole \(number)" : "Field \(number)")
            partfields.append(TaskDataElement("PFD", [
                ("A", partfield), ("B", job.field.parcels.flatMap(\.cadastral).first.map { name($0, what: "\(label): the cadastral number") }),
                ("C", name(fieldName, what: "\(label): the field")),
                ("D", String(UInt64((job.field.area.internalValue * 10_000).rounded()))), ("E", customer), ("F", farm),
            ]))
            // The tank mix: each product and the water per hectare, in their quantity units.
            let area = job.field.area.internalValue
            var components: [TaskDataElement] = []
            var rates: [TaskDataElement] = []
            for (index, product) in job.products.enumerated() {
                let liquid = product.form == .liquid
                let productName = product.name ?? (language == .polish ? "Środek \(index + 1)" : "Product \(index + 1)")
                let key = "\(liquid ? "L" : "D") \(productName)"
                let id: String
                if let known = productIDs[key] {
                    id = known
                } else {
                    id = "PDT\(products.count + 1)"
                    products.append(TaskDataElement("PDT", [
                        ("A", id), ("B", name(productName, what: "\(label): product \(index + 1)")),
                        ("E", liquid ? TaskDataExport.volumeContent : TaskDataExport.massContent), ("F", "1"),
                    ]))
                    productIDs[key] = id
                }
                let perHectare = area > 0 && index < plan.totals.products.count ? plan.totals.products[index] / area : 0
                // mL or g per hectare: the product's quantity in the recipe of one hectare.
                components.append(TaskDataElement("PRN", [("A", id), ("B", TaskDataExport.units(perHectare * 1000, per: 1))]))
                rates.append(TaskDataElement("PDV", [
                    ("A", liquid ? TaskDataExport.volumePerArea : TaskDataExport.massPerArea),
                    ("B", TaskDataExport.units(perHectare, per: 0.01)), ("C", id), ("E", liquid ? "VPN1" : "VPN2"),
                ]))
            }
            let water = waterProductID()
            let waterPerHectare = area > 0 ? plan.totals.water / area : 0
            components.append(TaskDataElement("PRN", [("A", water), ("B", TaskDataExport.units(waterPerHectare * 1000, per: 1))]))
            let mixture = "PDT\(products.count + 1)"
            let mixtureName = (language == .polish ? "Ciecz " : "Mix ") + (job.id ?? job.title ?? fieldName)
            products.append(TaskDataElement("PDT", [
                ("A", mixture), ("B", name(mixtureName, what: "\(label): the tank mix")), ("E", TaskDataExport.volumeContent), ("F", "3"),
                ("G", TaskDataExport.units(job.sprayRate.internalValue * 1000, per: 1)),
            ], children: components))
            let zone = TaskDataElement("TZN", [("A", "1"), ("B", name(fieldName, what: "\(label): the treatment zone"))], children: [
                TaskDataElement("PDV", [("A", TaskDataExport.volumePerArea), ("B", TaskDataExport.units(job.sprayRate.internalValue, per: 0.01)),
                                        ("C", mixture), ("E", "VPN1")]),
            ] + rates)
            let designator = job.title.map { "\($0): \(fieldName)" } ?? fieldName
            tasks.append(TaskDataElement("TSK", [
                ("A", "TSK\(tasks.count + 1)"), ("B", name(designator, what: "\(label): the task")), ("C", customer), ("D", farm),
                ("E", partfield),
                ("G", "1"), ("H", "1"),
            ], children: [zone]))
        }

        /// The water, one product shared by every task's mix.
        private mutating func waterProductID() -> String {
            if let waterID { return waterID }
            let id = "PDT\(products.count + 1)"
            products.append(TaskDataElement("PDT", [("A", id), ("B", language == .polish ? "Woda" : "Water"),
                                                    ("E", TaskDataExport.volumeContent), ("F", "1")]))
            waterID = id
            return id
        }
    }
}
