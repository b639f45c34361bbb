/// A record line as a CSV row (RFC 4180).
enum RecordCSV {
    static let columns = [
        "job_id", "line", "date", "start_time", "end_date", "end_time", "utc_offset", "end_utc_offset", "time_zone", "holding", "parcels", "parcel_flik", "parcel_wgs84",
        "field", "crop", "crop_eppo", "cropped_area_ha", "treated_area_ha", "treated_area", "treated_area_unit", "bbch_from", "bbch_to",
        "reason", "reason_eppo", "product", "authorisation", "product_kind", "active_ingredients", "restricted_entry_hours",
        "pre_harvest_interval_days", "earliest_harvest", "dose", "dose_unit", "dose_per_ha", "dose_per_ha_unit", "total_product", "total_product_unit",
        "total_product_label", "total_product_label_unit",
        "spray_volume_l_per_ha", "operator", "operator_licence", "equipment", "weather", "notes", "recorded_at",
    ]

    /// A value of a record column, typed: what a CSV writes as text and a workbook as a cell
    /// of its kind.
    enum Field {
        /// Text, as entered (a CSV neutralises what a spreadsheet would run as a formula).
        case text(String?)
        /// A number.
        case number(Double?)
        /// A calendar day, `YYYY-MM-DD`.
        case day(String?)
        /// A code or a time written as it is (`07:30:00`, `+02:00`, `L/ha`).
        case code(String?)

        /// The CSV text of the field, unquoted; numbers with a decimal comma when asked.
        func csvText(decimalComma: Bool = false) -> String {
            switch self {
            case .text(let text): text.map(neutralised) ?? ""
            case .number(let value):
                value.map { decimalComma ? RecordNumber.text($0).replacing(".", with: ",") : RecordNumber.text($0) } ?? ""
            case .day(let day), .code(let day): day ?? ""
            }
        }
    }

    /// The values of `line`, one per column of ``columns``; the parcels' areas with a decimal
    /// comma when `decimalComma`, like the numbers beside them.
    static func fields(_ line: RecordLine, decimalComma: Bool = false) -> [Field] {
        [
            .text(line.jobID), .number(Double(line.line)), .day(line.date), .code(line.startTime), .day(line.endDate), .code(line.endTime),
            .code(line.utcOffset), .code(line.endUtcOffset), .text(line.timeZone), .text(line.holding),
            .text(line.parcels.isEmpty ? nil : Self.parcels(line.parcels, decimalComma: decimalComma)),
            .text(Self.perParcel(line.parcels) { $0.flik }),
            .text(Self.perParcel(line.parcels) { parcel in
                parcel.latitude.flatMap { latitude in parcel.longitude.map { Self.point(latitude: latitude, longitude: $0, decimalComma: decimalComma) } }
            }),
            .text(line.field), .text(line.crop), .text(line.cropCode), .number(line.croppedArea), .number(line.treatedArea),
            .number(line.treatedAreaAsEntered.value), .code(line.treatedAreaAsEntered.unit.rawValue),
            .number(line.bbch.map { Double($0.from) }), .number(line.bbch.map { Double($0.to) }),
            .text(line.reason), .text(line.reasonCodes.isEmpty ? nil : line.reasonCodes.joined(separator: "; ")), .text(line.product),
            .text(line.authorisation), .code(line.productKind.rawValue),
            .text(line.activeIngredients.isEmpty ? nil : line.activeIngredients.joined(separator: "; ")), .number(line.restrictedEntryHours),
            .number(line.preHarvestIntervalDays.map(Double.init)), .day(line.earliestHarvest),
            .number(line.dose), .code(line.doseUnit), .number(line.dosePerHectare), .code(line.dosePerHectareUnit),
            .number(line.totalProduct), .code(line.totalProductUnit),
            .number(line.totalProductLabelUnits?.value), .code(line.totalProductLabelUnits?.unit), .number(line.sprayVolume),
            .text(line.operatorName), .text(line.operatorLicence), .text(line.equipment), .text(line.weather), .text(line.notes),
            .code(line.recordedAt),
        ]
    }

    /// A row: fields separated by `separator` (quoted when they hold it), numbers with a
    /// decimal comma when `decimalComma` (the dialect of Polish Excel).
    static func row(_ line: RecordLine, separator: Character = ",", decimalComma: Bool = false) -> String {
        fields(line, decimalComma: decimalComma).map { quoted($0.csvText(decimalComma: decimalComma), separator: separator) }
            .joined(separator: String(separator)) + "\r\n"
    }

    /// One value a parcel, in the parcels' order, `; ` between them and nothing for a parcel
    /// without one (`DEBBLI0260100301; ; DEBBLI0260100302`); nil when no parcel has one.
    static func perParcel(_ parcels: [Parcel], _ value: (Parcel) -> String?) -> String? {
        let values = parcels.map(value)
        return values.allSatisfy { $0 == nil } ? nil : values.map { $0 ?? "" }.joined(separator: "; ")
    }

    /// A WGS 84 point as latitude and longitude in decimal degrees, a space between them
    /// (`52.3906 13.0645`; `52,3906 13,0645` with `decimalComma`).
    static func point(latitude: Double, longitude: Double, decimalComma: Bool = false) -> String {
        [latitude, longitude].map { RecordNumber.text($0) }.map { decimalComma ? $0.replacing(".", with: ",") : $0 }.joined(separator: " ")
    }

    /// The parcels, each with its own cadastral numbers and area: `A: 0212/3, 0212/4 (1.5 ha); 0212/9`
    /// (`1,5 ha` with `decimalComma`). `area` writes an area otherwise (a report in its language).
    static func parcels(_ parcels: [Parcel], decimalComma: Bool = false,
                        area: ((Quantity<AreaUnit>) -> String)? = nil) -> String {
        parcels.map { parcel in
            let numbers = parcel.cadastral.joined(separator: ", ")
            // A parcel without a label is named by its FLIK, else its point: every parcel is one.
            let name = parcel.label ?? parcel.flik ?? parcel.latitude.flatMap { latitude in
                parcel.longitude.map { point(latitude: latitude, longitude: $0, decimalComma: decimalComma) }
            }
            var text = [name, numbers.isEmpty ? nil : numbers].compactMap { $0 }.joined(separator: ": ")
            if let given = parcel.area {
                let number = RecordNumber.text(given.value)
                text += " (" + (area?(given) ?? "\(decimalComma ? number.replacing(".", with: ",") : number) \(given.unit.rawValue)") + ")"
            }
            return text
        }.joined(separator: "; ")
    }

    /// A text cell as a spreadsheet must not run it: one that begins with `=`, `+`, `-`, `@`, a
    /// tab or a carriage return would be read as a formula (CSV injection), so it gets a leading
    /// apostrophe, as OWASP recommends; the JSON record keeps the value as entered. Numbers,
    /// dates, times and UTC offsets are never text cells, so "-" in "-05:00" stays as it is.
    static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else { return text }
        return "'" + text
    }

    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// A field in quotes when it holds a comma, a quote or a line break, its quotes doubled.
    /// Scalars are looked at, not characters: a comma or a quote followed by a combining mark is
    /// one character to Swift but still a comma or a quote to every CSV reader.
    static func quoted(_ field: String, separator: Character = ",") -> String {
        let separator = separator.unicodeScalars.first ?? ","
        guard field.unicodeScalars.contains(where: { $0 == separator || $0 == "\"" || lineBreaks.contains($0.value) }) else { return field }
        var escaped = String.UnicodeScalarView()
        for scalar in field.unicodeScalars {
            if scalar == "\"" { escaped.append(scalar) }
            escaped.append(scalar)
        }
        return "\"" + String(escaped) + "\""
    }

    /// What `Character.isNewline` calls a line break, as scalars.
    private static let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
}
