/// The value rules of a job, one set for both ways a job is made: the decoder applies them to
/// JSON as it reads it (with the value's JSON path), ``JobValidator`` to a ``SprayJob`` made in
/// code. Each returns why a value breaks its rule, or nil when it keeps it.
enum JobRules {
    /// Parcels and codes a job may list: far more than a field ever has, few enough to stay small.
    static let maximumListItems = 200

    /// A quantity's number: finite and greater than zero.
    static func positive(_ value: Double) -> String? {
        guard value.isFinite else { return "must be a finite number greater than 0" }
        return value > 0 ? nil : "must be greater than 0, got \(JSONReader.format(value))"
    }

    /// A text of at most `maximumLength` characters that keeps ``TextRules``.
    static func text(_ text: String, maximumLength: Int = JobLimits.maximumTextLength, multiline: Bool = false) -> String? {
        // Counted lazily so a 10 MB string is refused without walking all of it.
        if text.utf8.count > maximumLength, text.dropFirst(maximumLength).isEmpty == false {
            return "is longer than \(maximumLength) characters"
        }
        return TextRules.problem(in: text, multiline: multiline)
    }

    /// A product's name: a record must name each product.
    static func productName(_ name: String) -> String? {
        name.isEmpty ? "must not be empty; a record must name each product" : nil
    }

    /// The number of products in one tank mix.
    static func productCount(_ count: Int) -> String? {
        if count == 0 { return "the product list is empty; a spray job needs at least one product with a rate" }
        if count > JobLimits.maximumProducts { return "has \(count) products; at most \(JobLimits.maximumProducts) are allowed in one tank mix" }
        return nil
    }

    /// A list of parcels, cadastral numbers or codes (`noun`).
    static func listLength(_ count: Int, of noun: String) -> String? {
        count > maximumListItems ? "lists \(count) \(noun); at most \(maximumListItems) are accepted" : nil
    }

    /// An EPPO code: five or six capital letters or digits (EPPO Global Database), `TRZAW`, `ALOMY`.
    static func eppoCode(_ code: String) -> String? {
        guard (5...6).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            return "\"\(code)\" is not an EPPO code; expected five or six capital letters or digits, like \"TRZAW\" (winter wheat)"
        }
        return nil
    }

    /// A parcel names itself by a label, cadastral numbers or both.
    static func parcel(_ parcel: Parcel) -> String? {
        parcel.label == nil && parcel.cadastral.isEmpty
            ? "names no parcel; expected a \"label\" (the parcel of the aid application), \"cadastral\" numbers, or both" : nil
    }

    /// The parcels' own areas make up the treated area: all of it when every parcel gives one,
    /// at most it when some do (to a square metre, or a millionth of a large field).
    static func parcelAreas(_ parcels: [Parcel], treated: Quantity<AreaUnit>) -> String? {
        let given = parcels.compactMap(\.area)
        guard !given.isEmpty else { return nil }
        let sum = given.reduce(0) { $0 + $1.internalValue }
        let tolerance = max(JobLimits.minimumAreaHectares, treated.internalValue * 1e-6)
        let hectares = { (value: Double) in "\(RecordNumber.text(value)) ha" }
        if given.count == parcels.count, abs(sum - treated.internalValue) > tolerance {
            return "the parcels' areas add up to \(hectares(sum)); the treated area (\"field.area\") is \(hectares(treated.internalValue)). Give each parcel the area treated on it"
        }
        if given.count < parcels.count, sum > treated.internalValue + tolerance {
            return "the parcels' areas add up to \(hectares(sum)), more than the treated area (\"field.area\"), \(hectares(treated.internalValue))"
        }
        return nil
    }

    /// The parcels' labels and cadastral numbers together (``JobLimits/maximumParcelsText``).
    static func parcelsText(_ parcels: [Parcel]) -> String? {
        let characters = parcels.reduce(0) { total, parcel in
            total + (parcel.label?.count ?? 0) + parcel.cadastral.reduce(0) { $0 + $1.count }
        }
        guard characters > JobLimits.maximumParcelsText else { return nil }
        return "the parcels' labels and cadastral numbers hold \(characters) characters together; at most \(JobLimits.maximumParcelsText) are accepted (list the field's own parcels)"
    }

    /// One BBCH code.
    static func bbchCode(_ value: Double) -> String? {
        value == value.rounded() && (0...99).contains(value) ? nil
            : "\(JSONReader.format(value)) is not a BBCH stage; expected a whole number from 0 to 99"
    }

    /// A BBCH range, earlier stage first.
    static func bbchRange(from: Int, to: Int) -> String? {
        from <= to ? nil : "the range [\(from), \(to)] runs backwards; expected the earlier stage first"
    }

    /// The crop's area holds the treated area.
    static func cropArea(_ cropArea: Quantity<AreaUnit>, treated area: Quantity<AreaUnit>) -> String? {
        cropArea.internalValue < area.internalValue * (1 - 1e-9)
            ? "the crop's area is smaller than the treated area (\"area\"); expected the whole crop's area, at least the area treated" : nil
    }

    /// An application's end comes after its start, which it needs.
    /// A restricted-entry interval: labels give hours, up to a few days; a year is surely a slip.
    static func restrictedEntryHours(_ hours: Double) -> String? {
        hours <= 8_760 ? nil : "is \(RecordNumber.text(hours)) hours; expected the label's restricted-entry interval in hours (12, 24, 48, …), at most a year"
    }

    /// A pre-harvest interval: whole days, as labels give it (0 for "none needed"), within a year.
    static func preHarvestIntervalDays(_ days: Double) -> String? {
        days >= 0 && days <= 366 && days == days.rounded()
            ? nil : "is \(RecordNumber.text(days)); expected the label's pre-harvest interval in whole days, 0 to 366"
    }

    /// The zone a job's UTC times are shown in when it names none: its language's country's
    /// (Europe/Warsaw for Polish, Europe/Berlin for German); none for English, spoken in many.
    static func timeZone(of language: ReportLanguage) -> String? {
        switch language {
        case .polish: "Europe/Warsaw"
        case .german: "Europe/Berlin"
        case .english: nil
        }
    }

    /// The record is made once the spraying is done: not before its end (or start).
    static func recordedAt(_ recorded: JobDate, end: JobDate?) -> String? {
        guard let end else { return "needs \"date\", the application the record is of" }
        guard recorded.hasTime else { return "is a date alone; expected the date and time the record was made, like \"2026-04-14T18:00:00+02:00\"" }
        return recorded.instant < end.instant ? "is before the application ends (\"endDate\", else \"date\"); a record is made after the spraying" : nil
    }

    static func endDate(_ end: JobDate, start: JobDate?) -> String? {
        guard let start else { return "needs \"date\", when the application started" }
        return end.instant < start.instant ? "ends before the application starts (\"date\"); expected a time after it" : nil
    }
}
