import FoundationEssentials

/// The record of one job as its QR code holds it (`reportkit-qr/1`, docs/record-format.md): the
/// job's facts once, then one short entry per product, as JSON on one line with no spaces. When a
/// code of the whole does not fit its place on the page, a smaller form leaves out the free text,
/// then everything but what the legal record needs; the page says what is left out, and the full
/// record is attached to the PDF.
package enum RecordQR {
    /// The format's name, the `v` of every code.
    public static let format = "reportkit-qr/1"

    /// How much of the record a code holds.
    package enum Extent: Int, Sendable, CaseIterable {
        /// Everything the QR format has.
        case whole
        /// Without the free text: notes, weather, sprayer, field name, the reason in words when
        /// its EPPO codes are given.
        case withoutFreeText
        /// What Regulation (EU) 2023/564's Annex and Poland's register ask for, and no more:
        /// also without each product's total, the crop's area, the spray volume and the job's id.
        case legalMinimum
        /// The legal form with its parcels counted (`pn`) instead of listed: a field of many
        /// parcels and cadastral numbers, whose list is in the attached record the code names (`x`).
        case parcelsCounted
        /// That, with each product that has an authorisation number named by the number alone
        /// (the national register names it; the attached record has the name too).
        case productsByNumber

        /// The record's fields this extent leaves out, by their template label keys.
        public var leftOut: [String] {
            switch self {
            case .whole: []
            case .withoutFreeText: ["notes", "weather", "equipment", "target"]
            case .legalMinimum, .parcelsCounted, .productsByNumber: ["notes", "weather", "equipment", "target", "perJob", "cropArea", "sprayVolume"]
            }
        }
    }

    /// The code's text for `plan` at `extent`; `evidence` is the full record's SHA-256 (its short
    /// form goes in, so a scanned code leads to its file).
    public static func text(of plan: SprayPlan, extent: Extent, evidence: RecordEvidence? = nil) -> String {
        String(decoding: JSONWriter.compact(value(of: plan, extent: extent, evidence: evidence)), as: UTF8.self)
    }

    static func value(of plan: SprayPlan, extent: Extent, evidence: RecordEvidence?) -> JSONValue {
        let job = plan.job
        let lines = RecordLine.lines(of: plan)
        let full = extent == .whole
        let legal = extent == .legalMinimum || extent == .parcelsCounted || extent == .productsByNumber
        let parcelsCounted = extent == .parcelsCounted || extent == .productsByNumber
        var members: [JSONObject.Member] = []
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append(.init(key: key, value: value)) }
        }
        func text(_ value: String?) -> JSONValue? { value.map(JSONValue.string) }
        func number(_ value: Double?) -> JSONValue? { value.map(RecordNumber.json) }
        add("v", .string(format))
        if !legal { add("id", text(job.id)) }
        add("t0", text(job.date.map(localTime)))
        add("t1", text(job.endDateAsShown.map(localTime)))
        add("h", text(job.record.holding))
        if full { add("f", text(job.field.name)) }
        add("c", text(job.field.crop))
        add("e", text(job.field.cropCode))
        add("a", number(job.field.area.internalValue))
        if !legal { add("ca", number(job.field.cropArea?.internalValue)) }
        if parcelsCounted, !job.field.parcels.isEmpty {
            add("pn", RecordNumber.json(Double(job.field.parcels.count)))
        } else if !job.field.parcels.isEmpty {
            add("pa", .array(job.field.parcels.map { parcel in
                // Named by its label, else its FLIK, else its point (`52.3906 13.0645`).
                .array([(parcel.label ?? parcel.flik ?? parcel.latitude.flatMap { latitude in
                    parcel.longitude.map { RecordCSV.point(latitude: latitude, longitude: $0) }
                }).map(JSONValue.string) ?? .null] + parcel.cadastral.map(JSONValue.string))
            }))
        }
        if let bbch = job.record.bbch {
            add("b", bbch.from == bbch.to ? RecordNumber.json(Double(bbch.from)) : .array([RecordNumber.json(Double(bbch.from)), RecordNumber.json(Double(bbch.to))]))
        }
        // The reason in words stays when no code says it.
        if full || job.record.targetCodes.isEmpty { add("r", text(job.record.target)) }
        if !job.record.targetCodes.isEmpty { add("rc", .array(job.record.targetCodes.map(JSONValue.string))) }
        if !legal { add("sv", number(job.sprayRate.internalValue)) }
        add("o", text(job.record.operatorName))
        add("l", text(job.record.operatorLicence))
        if full {
            add("eq", text(job.record.equipment))
            add("w", text(job.record.weather))
            add("n", text(job.record.notes))
        }
        add("p", .array(lines.map { line in
            let name = extent == .productsByNumber && line.authorisation != nil ? nil : line.product
            var entry: [JSONValue] = [name.map(JSONValue.string) ?? .null, line.authorisation.map(JSONValue.string) ?? .null,
                                      RecordNumber.json(line.dose), .string(line.doseUnit)]
            if !legal { entry += [RecordNumber.json(line.totalProduct), .string(line.totalProductUnit)] }
            if line.productKind != .plantProtection {
                if legal { entry += [.null, .null] }
                entry.append(.string(line.productKind.rawValue))
            }
            return .array(entry)
        }))
        add("x", evidence.map { .string(String($0.sha256.prefix(16))) })
        return .object(JSONObject(members: members))
    }

    /// `2026-04-14T07:30+02:00` on the date's own clock, or `2026-04-14` for a date alone.
    private static func localTime(_ date: JobDate) -> String {
        let local = CivilTime(date.instant, offsetSeconds: date.utcOffsetSeconds)
        guard date.hasTime else { return local.isoDate }
        let minutes = abs(date.utcOffsetSeconds) / 60
        let offset = date.isUTC ? "Z" : "\(date.utcOffsetSeconds < 0 ? "-" : "+")\(CivilTime.digits(minutes / 60, 2)):\(CivilTime.digits(minutes % 60, 2))"
        return "\(local.isoDate)T\(CivilTime.digits(local.hour, 2)):\(CivilTime.digits(local.minute, 2))\(offset)"
    }
}
