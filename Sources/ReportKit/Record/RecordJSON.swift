/// A record line as JSON: every key present, `null` where the job has no value, so each line has
/// the same shape (docs/record-v1.schema.json).
enum RecordJSON {
    static func value(of line: RecordLine) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Double?) -> JSONValue { value.map { JSONValue.number(RecordLine.rounded($0)) } ?? .null }
        func quantity(_ value: Double, _ unit: String) -> JSONValue { .object(["value": number(value), "unit": .string(unit)]) }
        return .object([
            "jobId": text(line.jobID),
            "line": .number(Double(line.line)),
            "date": text(line.date),
            "startTime": text(line.startTime),
            "endDate": text(line.endDate),
            "endTime": text(line.endTime),
            "utcOffset": text(line.utcOffset),
            "holding": text(line.holding),
            "parcels": .array(line.parcels.map { parcel in
                .object(["label": text(parcel.label), "cadastral": .array(parcel.cadastral.map(JSONValue.string))])
            }),
            "field": text(line.field),
            "crop": text(line.crop),
            "cropCode": text(line.cropCode),
            "croppedAreaHa": number(line.croppedArea),
            "treatedAreaHa": number(line.treatedArea),
            "bbch": line.bbch.map { .object(["from": .number(Double($0.from)), "to": .number(Double($0.to))]) } ?? .null,
            "reason": text(line.reason),
            "reasonCodes": .array(line.reasonCodes.map(JSONValue.string)),
            "product": text(line.product),
            "authorisation": text(line.authorisation),
            "dose": quantity(line.dose, line.doseUnit),
            "dosePerHa": quantity(line.dosePerHectare, line.dosePerHectareUnit),
            "totalProduct": quantity(line.totalProduct, line.totalProductUnit),
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
        String(decoding: JSONWriter.write(value(of: line), indent: "").utf8.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
