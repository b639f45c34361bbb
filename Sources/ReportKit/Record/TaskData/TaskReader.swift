import FoundationEssentials

extension TaskDataImport {
    /// Why a task cannot be recorded: the element and the value.
    struct Unreadable: Error {
        let message: String
    }

    /// One task read as a job.
    struct TaskReader {
        let task: TaskDataElement
        let byID: [String: TaskDataElement]
        /// Every partfield, in the file's order (a parcel's cadastral numbers are in a row).
        let partfields: [TaskDataElement]
        let timeLogs: [String: TimeLog]
        let zone: TimeZoneRules
        let language: ReportLanguage
        var notes: [String] = []

        init(task: TaskDataElement, byID: [String: TaskDataElement], partfields: [TaskDataElement], timeLogs: [String: TimeLog],
             zone: TimeZoneRules, language: ReportLanguage) {
            self.task = task
            self.byID = byID
            self.partfields = partfields
            self.timeLogs = timeLogs
            self.zone = zone
            self.language = language
        }

        /// A decimal attribute, or an error naming the element and what it holds.
        func decimal(_ element: TaskDataElement, _ key: String) throws(Unreadable) -> Double? {
            guard let text = element[key] else { return nil }
            guard let value = TaskDataValue.decimal(text) else {
                throw Unreadable(message: "<\(element.name)\(element["A"].map { " A=\"\($0)\"" } ?? "")> \(key)=\"\(text)\" is not a decimal number")
            }
            return value
        }

        /// A time attribute of a `TIM`, with its offset.
        mutating func time(_ element: TaskDataElement, _ key: String) throws(Unreadable) -> String? {
            guard let text = element[key] else { return nil }
            guard let read = TaskDataValue.time(text, zone: zone) else {
                throw Unreadable(message: "<TIM> \(key)=\"\(text)\" is not a date and time (xs:dateTime: 2026-04-14T07:35:00, with or without an offset)")
            }
            if let note = read.note { notes.append(note) }
            return read.rfc3339
        }

        mutating func job() throws(Unreadable) -> JSONValue? {
            let id = task["A"] ?? "TSK"
            let times = task.children.filter { $0.name == "TIM" }
            let logs = task.children.filter { $0.name == "TLG" }.compactMap { $0["A"].flatMap { timeLogs[$0] } }
            for log in logs { notes += log.notes }
            // The times and totals the task holds itself, else those of its binary logs.
            var starts: [String] = [], stops: [String] = []
            for element in times {
                if let start = try time(element, "A") { starts.append(start) }
                if let stop = try time(element, "B") { stops.append(stop) }
            }
            guard let start = Self.earliest(starts) ?? Self.earliest(logs.map(\.start)) else {
                notes.append("no time logged, so planned only; not in the record")
                return nil
            }
            let stop = Self.latest(stops) ?? Self.latest(logs.map(\.stop))
            // The totals of the task: the last value logged of each DDI.
            var totals: [String: Double] = [:]
            for log in logs { totals.merge(log.lastValues) { _, later in later } }
            for time in times {
                for value in time.children where value.name == "DLV" {
                    if let entity = value["A"].flatMap(DataDictionaryEntity.entity), let number = try decimal(value, "B") {
                        totals[entity.ddi] = entity.value(of: number)
                    }
                }
            }
            let partfield = task["E"].flatMap { byID[$0] }.flatMap { $0.name == "PFD" ? $0 : nil }
            var plannedArea: Double?
            if let partfield, let area = try decimal(partfield, "D") { plannedArea = DataDictionaryEntity.totalArea.value(of: area) / 10_000 }
            let hectares = totals[DataDictionaryEntity.totalArea.ddi].map { $0 / 10_000 } ?? plannedArea ?? 0
            let zoneCode = task["H"] ?? "1"
            let zone = task.children.first { $0.name == "TZN" && $0["A"] == zoneCode } ?? task.children.first { $0.name == "TZN" }
            let (products, setpointVolume) = try doses(in: zone, task: id)
            guard !products.isEmpty, hectares > 0 else {
                notes.append("no product rate or no area; not in the record")
                return nil
            }
            // The spray volume as applied when the terminal logged the volume, else as set.
            guard let litresPerHectare = totals[DataDictionaryEntity.applicationTotalVolume.ddi].map({ $0 / hectares }) ?? setpointVolume,
                  litresPerHectare > 0 else {
                throw Unreadable(message: "no spray volume: neither a logged total volume (DLV 0x0050) nor a tank mix's setpoint (PDV 0x0001 on a mixture)")
            }
            guard JobLimits.sprayRateLitresPerHectare.contains(litresPerHectare) else {
                throw Unreadable(message: "a spray volume of \(RecordNumber.text(litresPerHectare)) L/ha (DLV 0x0050 over DLV 0x0074, or the mix's PDV 0x0001) "
                                 + "is outside the \(RecordNumber.text(JobLimits.sprayRateLitresPerHectare.lowerBound))–\(RecordNumber.text(JobLimits.sprayRateLitresPerHectare.upperBound)) L/ha a job may have")
            }
            guard hectares <= JobLimits.maximumAreaHectares else {
                throw Unreadable(message: "an area of \(RecordNumber.text(hectares)) ha (DLV 0x0074, or the partfield's D) is more than the \(RecordNumber.text(JobLimits.maximumAreaHectares)) ha a job may have")
            }
            let litres = litresPerHectare * hectares
            let customer = task["C"].flatMap { byID[$0] }.flatMap { $0.name == "CTR" ? $0 : nil }
            let note = switch language {
            case .polish: "Zarejestrowane przez maszynę (ISO 11783-10, zadanie \(id)); dawki z nastaw zadania"
            case .german: "Vom Gerät aufgezeichnet (ISO 11783-10, Auftrag \(id)); Aufwandmengen aus den Sollwerten des Auftrags"
            case .english: "Logged by the machine (ISO 11783-10 task \(id)); doses from the task's setpoints"
            }
            var members: [(String, JSONValue)] = [
                ("version", TaskDataImport.number(1)), ("id", .string("isoxml-\(id)")), ("locale", .string(language.rawValue)),
                ("date", .string(start)),
            ]
            if let stop { members.append(("endDate", .string(stop))) }
            if let title = task["B"] { members.append(("title", .string(title))) }
            var field: [(String, JSONValue)] = [("area", .object(TaskDataImport.object([("value", TaskDataImport.number(hectares)), ("unit", .string("ha"))])))]
            if let name = partfield?["C"] { field.insert(("name", .string(name)), at: 0) }
            if let crop = partfield?["G"].flatMap({ byID[$0] }).flatMap({ $0.name == "CTP" ? $0["B"] : nil }) { field.append(("crop", .string(crop))) }
            if let partfield, let parcels = try parcels(of: partfield), !parcels.isEmpty { field.append(("parcels", .array(parcels))) }
            members += [
                ("field", .object(TaskDataImport.object(field))),
                ("sprayRate", .object(TaskDataImport.object([("value", TaskDataImport.number(litresPerHectare)), ("unit", .string("L/ha"))]))),
                // One load of the whole: the terminal logged what was applied, not how the tank was filled.
                ("tank", .object(TaskDataImport.object([("capacity", .object(TaskDataImport.object([("value", TaskDataImport.number(min(max(litres.rounded(.up), 1), 100_000))),
                                                                       ("unit", .string("L"))])))]))),
                ("products", .array(products)),
                ("notes", .string(note)),
            ]
            if let holding = customer?["B"] { members.append(("holding", .string(holding))) }
            return .object(TaskDataImport.object(members))
        }

        /// The parcels of a field: the partfields that refer to it (`I`), one per code (`B`: a FLIK,
        /// told by its form, or a cadastral number), those of one parcel in a row under its label
        /// (`C`), its area (`D`, m²) and its point (a PNT of type 10) on the first.
        func parcels(of field: TaskDataElement) throws(Unreadable) -> [JSONValue]? {
            guard let id = field["A"] else { return nil }
            var parcels: [(label: String?, flik: String?, numbers: [String], squareMetres: Double, point: (Double, Double)?)] = []
            for element in partfields where element["I"] == id {
                let squareMetres = try decimal(element, "D") ?? 0
                let code = element["B"]
                let flik = code.flatMap { GermanRecordRules.looksLikeFLIK($0) && GermanRecordRules.flikProblem($0) == nil ? $0 : nil }
                let number = flik == nil ? code : nil
                if let last = parcels.last, last.label == element["C"], squareMetres == 0, flik == nil || last.flik == nil {
                    parcels[parcels.count - 1].numbers += number.map { [$0] } ?? []
                    parcels[parcels.count - 1].flik = last.flik ?? flik
                } else {
                    parcels.append((element["C"], flik, number.map { [$0] } ?? [], squareMetres, try referencePoint(of: element)))
                }
            }
            return parcels.map { parcel in
                var members: [(String, JSONValue)] = []
                if let label = parcel.label { members.append(("label", .string(label))) }
                members.append(("cadastral", .array(parcel.numbers.map { .string($0) })))
                if parcel.squareMetres > 0 {
                    members.append(("area", .object(TaskDataImport.object([("value", TaskDataImport.number(parcel.squareMetres / 10_000)), ("unit", .string("ha"))]))))
                }
                if let flik = parcel.flik { members.append(("flik", .string(flik))) }
                if let (latitude, longitude) = parcel.point {
                    members.append(("point", .object(TaskDataImport.object([("latitude", TaskDataImport.number(latitude)),
                                                                            ("longitude", TaskDataImport.number(longitude))]))))
                }
                return .object(TaskDataImport.object(members))
            }
        }

        /// A partfield's reference point (PNT of type 10): north and east in WGS 84.
        private func referencePoint(of partfield: TaskDataElement) throws(Unreadable) -> (Double, Double)? {
            guard let point = partfield.children.first(where: { $0.name == "PNT" && $0["A"] == "10" }),
                  let north = try decimal(point, "C"), let east = try decimal(point, "D") else { return nil }
            return (north, east)
        }

        /// The products' doses of a treatment zone (0x0001 volume, 0x0006 mass per area, each in its
        /// unit and resolution), and the tank mix's volume setpoint. A product's dose is taken from
        /// the mix's recipe where the recipe agrees with the setpoint to within the setpoint's
        /// step (the recipe holds it to the mL or g: 15 g/ha where DDI 0x0006 holds 10 or 20);
        /// a dose no product is applied at is said.
        mutating func doses(in zone: TaskDataElement?, task: String) throws(Unreadable) -> (products: [JSONValue], setpointVolume: Double?) {
            var setpoints: [(product: TaskDataElement, entity: DataDictionaryEntity, value: Double)] = []
            var mixture: (product: TaskDataElement, litresPerHectare: Double)?
            for variable in zone?.children ?? [] where variable.name == "PDV" {
                guard let entity = variable["A"].flatMap(DataDictionaryEntity.entity),
                      entity == .setpointVolumePerArea || entity == .setpointMassPerArea,
                      let raw = try decimal(variable, "B"),
                      let product = variable["C"].flatMap({ byID[$0] }), product.name == "PDT" else { continue }
                let value = entity.value(of: raw)
                if product["F"] == "2" || product["F"] == "3" {
                    if entity == .setpointVolumePerArea { mixture = (product, value) }
                    continue
                }
                setpoints.append((product, entity, value))
            }
            var products: [JSONValue] = []
            for (product, entity, setpoint) in setpoints {
                var dose = setpoint
                if let mixture, let recipe = try recipeDose(of: product, in: mixture.product, litresPerHectare: mixture.litresPerHectare),
                   abs(recipe - setpoint) <= entity.step / 2 + recipe * 1e-9 {
                    dose = recipe
                }
                let name = product["B"] ?? "?"
                // Past what any job may hold: said here, by the element, not by the path of the
                // job the task would become ("$[0].products[1].rate.value", in no file the user has).
                guard dose <= JobLimits.maximumPerAreaRate else {
                    throw Unreadable(message: "<PDV A=\"\(entity.ddi)\" C=\"\(product["A"] ?? "")\"> sets \(name) at \(RecordNumber.text(dose)) \(entity.recordUnit), "
                                     + "more than the \(RecordNumber.text(JobLimits.maximumPerAreaRate)) a job may hold")
                }
                if !TaskDataImport.plausibleDosePerHectare.contains(dose) {
                    notes.append("\(name): \(RecordNumber.text(dose)) \(entity.recordUnit) (DDI 0x\(entity.ddi), \(RecordNumber.text(setpoint / entity.step)) in the file) "
                                 + "is outside what products are applied at (0.001 to 1,000 \(entity.recordUnit)); check the task's setpoint")
                }
                products.append(.object(TaskDataImport.object([
                    ("name", .string(name)),
                    ("rate", .object(TaskDataImport.object([("value", TaskDataImport.number(dose)), ("unit", .string(entity.recordUnit))]))),
                ])))
            }
            return (products, mixture?.litresPerHectare)
        }

        /// A product's dose per hectare from the mix's recipe (its `PRN` quantity in the recipe of
        /// `G` mL, applied at `litresPerHectare`), in L/ha or kg/ha; nil without one.
        func recipeDose(of product: TaskDataElement, in mixture: TaskDataElement, litresPerHectare: Double) throws(Unreadable) -> Double? {
            guard let id = product["A"], let recipe = try decimal(mixture, "G"), recipe > 0,
                  let relation = mixture.children.first(where: { $0.name == "PRN" && $0["A"] == id }),
                  let quantity = try decimal(relation, "B") else { return nil }
            // mL or g of the product in one mL of liquid, times the liquid's mL a hectare, in L or kg.
            return quantity / recipe * litresPerHectare * 1000 / 1000
        }

        /// The earliest and latest of RFC 3339 times with offsets, compared as instants.
        static func earliest(_ times: [String]) -> String? { times.min { instant($0) < instant($1) } }
        static func latest(_ times: [String]) -> String? { times.max { instant($0) < instant($1) } }

        static func instant(_ time: String) -> Double { TaskDataValue.seconds(ofRFC3339: time) ?? 0 }
    }
}
