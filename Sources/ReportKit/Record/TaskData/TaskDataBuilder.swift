extension TaskDataExport {
    /// The elements of a task data file, job by job: customers and farms by holding, crop types
    /// by name, products shared by name and form, a partfield, tank mix and task per job.
    struct Builder {
        let language: ReportLanguage
        var customers: [TaskDataElement] = []
        /// A farm per holding: terminals file partfields and tasks under customer and farm.
        var farms: [TaskDataElement] = []
        var partfields: [TaskDataElement] = []
        /// A crop type per crop name (CTP), which partfields refer to.
        var crops: [TaskDataElement] = []
        private var cropIDs: [String: String] = [:]
        var products: [TaskDataElement] = []
        var tasks: [TaskDataElement] = []
        var warnings: [DiagnosticRecord] = []
        private var customerIDs: [String: (customer: String, farm: String)] = [:]
        /// Products by name and form, shared by every task that uses them.
        private var productIDs: [String: String] = [:]
        private var waterID: String?
        /// The job being added, for its warnings.
        private var entry: (number: Int, id: String?, label: String, inHistory: Bool) = (1, nil, "job 1", false)

        init(language: ReportLanguage) { self.language = language }

        /// The names a terminal shows for what the job leaves unnamed, in the job's language.
        var words: (field: String, product: String, mix: String, parcel: String, water: String) {
            switch language {
            case .english: ("Field", "Product", "Mix", "Parcel", "Water")
            case .polish: ("Pole", "Środek", "Ciecz", "Działka", "Woda")
            case .german: ("Schlag", "Mittel", "Brühe", "Teilfläche", "Wasser")
            }
        }

        var valuePresentations: [TaskDataElement] {
            [
                TaskDataExport.valuePresentation("VPN1", of: .setpointVolumePerArea, unit: "l/ha"),
                TaskDataExport.valuePresentation("VPN2", of: .setpointMassPerArea, unit: "kg/ha"),
            ]
        }

        private mutating func warn(_ path: String, _ rule: String, _ message: String) {
            let text = "\(entry.label): \(message)"
            warnings.append(DiagnosticRecord(entry: entry.inHistory ? entry.number : nil, id: entry.id, path: path, rule: rule,
                                             severity: .warning, message: text))
        }

        /// A designator within the standard's length: shortened on purpose, and said.
        mutating func name(_ text: String, what: String, path: String) -> String {
            guard text.unicodeScalars.count > TaskDataExport.maximumNameLength else { return text }
            let short = TaskDataExport.shortened(text, to: TaskDataExport.maximumNameLength - 1) + "…"
            warn(path, "isoxml.name-shortened",
                 "\(what) \"\(text)\" is longer than the standard's \(TaskDataExport.maximumNameLength) characters: written as \"\(short)\"")
            return short
        }

        /// A setpoint rate in its entity's integers; a dose the resolution cannot hold is said.
        mutating func setpoint(_ value: Double, _ entity: DataDictionaryEntity, what: String, path: String, recipe: String? = nil) -> String {
            let written = entity.written(value)
            if written.lost {
                let change = value > 0 ? (written.readBack - value) / value * 100 : 0
                let percent = RecordNumber.text(RecordNumber.rounded(change, significantDigits: 2))
                warn(path, "isoxml.rate-rounded",
                     "\(what): \(TaskDataExport.readable(value, entity)) is written as \(TaskDataExport.readable(written.readBack, entity)) "
                     + "(\(change > 0 ? "+" : "")\(percent) %): DDI 0x\(entity.ddi) counts in steps of \(TaskDataExport.readable(entity.step, entity))"
                     + (recipe.map { "; \($0)" } ?? ""))
            }
            return String(min(max(written.integer, -TaskDataExport.largestValue - 1), TaskDataExport.largestValue))
        }

        mutating func add(_ plan: SprayPlan, number: Int, of count: Int) {
            let job = plan.job
            let label = job.id.map { "job \($0)" } ?? "job \(number)"
            entry = (number, job.id, label, count > 1)
            var customer: String?, farm: String?
            if let holding = job.record.holding {
                if let known = customerIDs[holding] {
                    (customer, farm) = known
                } else {
                    let ids = (customer: "CTR\(customers.count + 1)", farm: "FRM\(farms.count + 1)")
                    let holdingName = name(holding, what: "the holding", path: "$.holding")
                    customers.append(TaskDataElement("CTR", [("A", ids.customer), ("B", holdingName)]))
                    farms.append(TaskDataElement("FRM", [("A", ids.farm), ("B", holdingName), ("I", ids.customer)]))
                    customerIDs[holding] = ids
                    (customer, farm) = ids
                }
            }
            let partfield = "PFD\(partfields.count + 1)"
            let fieldName = job.field.name ?? job.title ?? "\(words.field) \(number)"
            let area = job.field.area.internalValue
            partfields.append(TaskDataElement("PFD", [
                ("A", partfield),
                ("B", job.field.parcels.flatMap(\.cadastral).first.map { name($0, what: "the cadastral number", path: "$.field.parcels") }),
                ("C", name(fieldName, what: "the field", path: "$.field.name")),
                ("D", String(DataDictionaryEntity.totalArea.integer(for: area * 10_000))), ("E", customer), ("F", farm),
                ("G", job.field.crop.map { cropID($0) }),
            ]))
            addParcels(of: job.field, to: partfield, customer: customer, farm: farm)
            // Each product's dose per hectare, in its quantity unit (mL or g) for the recipe.
            var perHectare: [Double] = []
            var rates: [TaskDataElement] = []
            var productIDsOfJob: [String] = []
            var doses: [(name: String, liquid: Bool, id: String)] = []
            for (index, product) in job.products.enumerated() {
                let liquid = product.form == .liquid
                let productName = product.name ?? "\(words.product) \(index + 1)"
                let key = "\(liquid ? "L" : "D") \(productName)"
                let id: String
                if let known = productIDs[key] {
                    id = known
                } else {
                    id = "PDT\(products.count + 1)"
                    let quantity: DataDictionaryEntity = liquid ? .volumeContent : .massContent
                    products.append(TaskDataElement("PDT", [
                        ("A", id), ("B", name(productName, what: "product \(index + 1)", path: "$.products[\(index)].name")),
                        ("E", quantity.ddi), ("F", "1"),
                    ]))
                    productIDs[key] = id
                }
                productIDsOfJob.append(id)
                perHectare.append((area > 0 && index < plan.totals.products.count ? plan.totals.products[index] / area : 0) * 1000)
                doses.append((name: productName, liquid: liquid, id: id))
            }
            let water = waterProductID()
            let waterPerHectare = area > 0 ? plan.totals.water / area : 0
            perHectare.append(waterPerHectare * 1000)
            productIDsOfJob.append(water)
            // The recipe: each product and the water for `hectares`, in mL or g.
            let millilitres = job.sprayRate.internalValue * 1000
            let hectares = TaskDataExport.recipeArea(for: perHectare, millilitres: millilitres)
            for (index, dose) in doses.enumerated() {
                let entity: DataDictionaryEntity = dose.liquid ? .setpointVolumePerArea : .setpointMassPerArea
                let inRecipe = perHectare[index] * hectares
                let exact = abs(inRecipe.rounded() - inRecipe) <= inRecipe * 1e-9
                rates.append(TaskDataElement("PDV", [
                    ("A", entity.ddi),
                    ("B", setpoint(perHectare[index] / 1000, entity, what: dose.name, path: "$.products[\(index)].rate",
                                   recipe: exact ? "the tank mix's recipe holds it exactly" : "the tank mix's recipe is the nearest \(dose.liquid ? "mL" : "g") in \(RecordNumber.text(hectares)) ha")),
                    ("C", dose.id), ("E", dose.liquid ? "VPN1" : "VPN2"),
                ]))
            }
            let components = zip(productIDsOfJob, perHectare).map { id, quantity in
                TaskDataElement("PRN", [("A", id), ("B", String(Int64((quantity * hectares).rounded())))])
            }
            let mixture = "PDT\(products.count + 1)"
            let mixtureName = "\(words.mix) " + (job.id ?? job.title ?? fieldName)
            products.append(TaskDataElement("PDT", [
                ("A", mixture), ("B", name(mixtureName, what: "the tank mix", path: "$")), ("E", DataDictionaryEntity.volumeContent.ddi), ("F", "3"),
                ("G", String(Int64((millilitres * hectares).rounded()))),
            ], children: components))
            let zone = TaskDataElement("TZN", [("A", "1"), ("B", name(fieldName, what: "the treatment zone", path: "$.field.name"))], children: [
                TaskDataElement("PDV", [("A", DataDictionaryEntity.setpointVolumePerArea.ddi),
                                        ("B", setpoint(millilitres / 1000, .setpointVolumePerArea, what: "the spray volume", path: "$.sprayRate")),
                                        ("C", mixture), ("E", "VPN1")]),
            ] + rates)
            let designator = job.title.map { "\($0): \(fieldName)" } ?? fieldName
            tasks.append(TaskDataElement("TSK", [
                ("A", "TSK\(tasks.count + 1)"), ("B", name(designator, what: "the task", path: "$.title")), ("C", customer), ("D", farm),
                ("E", partfield),
                ("G", "1"), ("H", "1"),
            ], children: [zone]))
        }

        /// The crop type of `crop`, one per name.
        private mutating func cropID(_ crop: String) -> String {
            if let known = cropIDs[crop] { return known }
            let id = "CTP\(crops.count + 1)"
            crops.append(TaskDataElement("CTP", [("A", id), ("B", name(crop, what: "the crop", path: "$.field.crop"))]))
            cropIDs[crop] = id
            return id
        }

        /// The field's parcels as partfields of the field (`I` refers to the task's partfield):
        /// one per code (`B`: the parcel's FLIK first, then each cadastral number), the parcel's
        /// label (`C`) and, on the first, the parcel's area (`D`, else 0) and its WGS 84 point (a
        /// PNT of type 10, partfield reference point), so that reading back rebuilds the parcels.
        private mutating func addParcels(of field: Field, to partfield: String, customer: String?, farm: String?) {
            for (index, parcel) in field.parcels.enumerated() {
                let label = parcel.label ?? "\(words.parcel) \(index + 1)"
                let codes = (parcel.flik.map { [(code: $0, key: "flik")] } ?? []) + parcel.cadastral.map { (code: $0, key: "cadastral") }
                let rows: [(code: String, key: String)?] = codes.isEmpty ? [nil] : codes
                for (position, row) in rows.enumerated() {
                    let area = position == 0 ? parcel.area.map { $0.internalValue * 10_000 } ?? 0 : 0
                    let point = position == 0 ? parcel.latitude.flatMap { latitude in parcel.longitude.map { Self.referencePoint(latitude: latitude, longitude: $0) } } : nil
                    partfields.append(TaskDataElement("PFD", [
                        ("A", "PFD\(partfields.count + 1)"),
                        ("B", row.map { self.name($0.code, what: $0.key == "flik" ? "the FLIK" : "the cadastral number", path: "$.field.parcels[\(index)].\($0.key)") }),
                        ("C", name(label, what: "the parcel", path: "$.field.parcels[\(index)].label")),
                        ("D", String(DataDictionaryEntity.totalArea.integer(for: area))), ("E", customer), ("F", farm), ("I", partfield),
                    ], children: point.map { [$0] } ?? []))
                }
            }
        }

        /// A parcel's point as ISO 11783-10 writes one: PointType 10 (partfield reference point),
        /// north and east in decimal degrees of WGS 84, to the standard's nine decimals.
        static func referencePoint(latitude: Double, longitude: Double) -> TaskDataElement {
            let degrees = { (value: Double) in String(printf: "%.9f", value) }
            return TaskDataElement("PNT", [("A", "10"), ("C", degrees(latitude)), ("D", degrees(longitude))])
        }

        /// The water, one product shared by every task's mix.
        private mutating func waterProductID() -> String {
            if let waterID { return waterID }
            let id = "PDT\(products.count + 1)"
            products.append(TaskDataElement("PDT", [("A", id), ("B", words.water),
                                                    ("E", DataDictionaryEntity.volumeContent.ddi), ("F", "1")]))
            waterID = id
            return id
        }
    }
}
