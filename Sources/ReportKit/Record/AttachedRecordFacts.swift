/// The facts a report's record adds to its job: what was filled in when the report was made
/// (the drop page's answers, a product catalogue, the configuration) is in the record the report
/// carries (`record.json`), not in its job (`job.json`, the entry as it was read). Read back as a
/// ``RecordFillIn``, they let `validate report.pdf --record-check` judge the report as a whole,
/// as an inspector reads it. Only a record that agrees with its job (``AttachedRecordCheck``)
/// should be read so: it may hold more than its job, never other.
package enum AttachedRecordFacts {
    /// The facts of `record.json` among `attachments` for the job read as entry 0; nil when the
    /// report carries no single record.
    package static func fillIn(from attachments: [PDFAttachment]) -> RecordFillIn? {
        guard let record = attachments.first(where: { $0.relationship == .data && $0.name == "record.json" }),
              let document = try? JSONParser.parse(record.bytes), case .object(let object) = document,
              case .array(let lines)? = object["lines"] else { return nil }
        let fields: [JSONObject] = lines.compactMap { if case .object(let line) = $0 { line } else { nil } }
        guard let first = fields.first else { return nil }
        var answers = JobAnswers()
        answers.fieldName = string(first["field"])
        answers.crop = string(first["crop"])
        answers.cropCode = string(first["cropCode"])
        if case .object(let area)? = first["croppedArea"], let value = number(area["value"]),
           let unit = string(area["unit"]).flatMap(AreaUnit.init(symbol:)) {
            answers.cropArea = Quantity(value, unit)
        }
        if case .array(let parcels)? = first["parcels"] {
            answers.parcels = parcels.compactMap { parcel in
                guard case .object(let parcel) = parcel else { return nil }
                let numbers: [String] = if case .array(let items)? = parcel["cadastral"] { items.compactMap(string) } else { [] }
                var point: (latitude: Double, longitude: Double)?
                if case .object(let given)? = parcel["point"], let latitude = number(given["latitude"]), let longitude = number(given["longitude"]),
                   JobRules.coordinate(latitude, isLatitude: true) == nil, JobRules.coordinate(longitude, isLatitude: false) == nil {
                    point = (latitude, longitude)
                }
                let read = Parcel(label: string(parcel["label"]), cadastral: numbers, flik: string(parcel["flik"]),
                                  latitude: point?.latitude, longitude: point?.longitude)
                return read.namesAPlace ? read : nil
            }
        }
        answers.target = string(first["reason"])
        // An attached record is read like any input: a stage outside BBCH's is no fact (and no
        // conversion to Int may trap on it).
        if case .object(let bbch)? = first["bbch"], let from = number(bbch["from"]), let to = number(bbch["to"]),
           (0...99).contains(from), (0...99).contains(to), from == from.rounded(), to == to.rounded() {
            answers.bbch = BBCHStage(Int(from), to: Int(to))
        }
        // One line a product, in the job's order.
        for (index, line) in fields.enumerated() {
            let ingredients: [String] = if case .array(let items)? = line["activeIngredients"] { items.compactMap(string) } else { [] }
            answers.products[index] = .init(name: string(line["product"]), authorisation: string(line["authorisation"]),
                                            activeIngredients: ingredients, restrictedEntryHours: number(line["restrictedEntryHours"]))
        }
        return RecordFillIn(holding: string(first["holding"]), operatorName: string(first["operator"]),
                            operatorLicence: string(first["operatorLicence"]), answers: [0: answers])
    }

    private static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value, !text.isEmpty { text } else { nil }
    }

    private static func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { number.value } else { nil }
    }
}
