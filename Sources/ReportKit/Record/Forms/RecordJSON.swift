/// A record line as JSON: every key present, `null` where the job has no value, so each line has
/// the same shape (docs/record-v3.schema.json).
enum RecordJSON {
    static func value(of line: RecordLine) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Double?) -> JSONValue { value.map(RecordNumber.json) ?? .null }
        func quantity(_ value: Double, _ unit: String) -> JSONValue { .object(["value": number(value), "unit": .string(unit)]) }
        func area(_ area: Quantity<AreaUnit>?) -> JSONValue { area.map { quantity($0.value, $0.unit.rawValue) } ?? .null }
        return .object([
            "jobId": text(line.jobID),
            "line": .number(Double(line.line)),
            "date": text(line.date),
            "startTime": text(line.startTime),
            "endDate": text(line.endDate),
            "endTime": text(line.endTime),
            "utcOffset": text(line.utcOffset),
            "endUtcOffset": text(line.endUtcOffset),
            "timeZone": text(line.timeZone),
            "holding": text(line.holding),
            "parcels": .array(line.parcels.map { parcel in
                .object(["label": text(parcel.label), "cadastral": .array(parcel.cadastral.map(JSONValue.string)),
                         "area": area(parcel.area), "areaHa": number(parcel.area?.internalValue), "flik": text(parcel.flik),
                         "point": parcel.latitude.flatMap { latitude in parcel.longitude.map { longitude in
                             .object(["latitude": number(latitude), "longitude": number(longitude)])
                         } } ?? .null])
            }),
            "field": text(line.field),
            "crop": text(line.crop),
            "cropCode": text(line.cropCode),
            "croppedAreaHa": number(line.croppedArea),
            "treatedAreaHa": number(line.treatedArea),
            "croppedArea": area(line.croppedAreaAsEntered),
            "treatedArea": area(line.treatedAreaAsEntered),
            "bbch": line.bbch.map { .object(["from": .number(Double($0.from)), "to": .number(Double($0.to))]) } ?? .null,
            "reason": text(line.reason),
            "reasonCodes": .array(line.reasonCodes.map(JSONValue.string)),
            "product": text(line.product),
            "authorisation": text(line.authorisation),
            "productKind": .string(line.productKind.rawValue),
            "activeIngredients": .array(line.activeIngredients.map(JSONValue.string)),
            "restrictedEntryHours": number(line.restrictedEntryHours),
            "preHarvestIntervalDays": number(line.preHarvestIntervalDays.map(Double.init)),
            "earliestHarvest": text(line.earliestHarvest),
            "dose": quantity(line.dose, line.doseUnit),
            "dosePerHa": quantity(line.dosePerHectare, line.dosePerHectareUnit),
            "totalProduct": quantity(line.totalProduct, line.totalProductUnit),
            "totalProductLabelUnits": line.totalProductLabelUnits.map { quantity($0.value, $0.unit) } ?? .null,
            "sprayVolumeLPerHa": number(line.sprayVolume),
            "operator": text(line.operatorName),
            "operatorLicence": text(line.operatorLicence),
            "equipment": text(line.equipment),
            "weather": text(line.weather),
            "notes": text(line.notes),
            "recordedAt": text(line.recordedAt),
        ])
    }

    /// The line on one line of text (JSON Lines-friendly, and compact for a QR code).
    static func text(of line: RecordLine) -> String {
        // Line breaks in values are escaped, so the writer's own are the only ones.
        JSONWriter.singleLine(value(of: line))
    }
}
