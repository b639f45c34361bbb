/// The value rules of a job, one set for both ways a job is made: the decoder applies them to
/// JSON as it reads it (with the value's JSON path), ``JobValidator`` to a ``SprayJob`` made in
/// code. Each returns why a value breaks its rule, or nil when it keeps it.
enum JobRules {
    /// Parcels and codes a job may list: far more than a field ever has, few enough to stay small.
    static let maximumListItems = 200

    /// A quantity's number: finite and greater than zero.
    static func positive(_ value: Double) -> MessageText? {
        guard value.isFinite else { return MessageText("input.not-finite-positive") }
        return value > 0 ? nil : MessageText("input.not-positive", ["value": JSONReader.format(value)])
    }

    /// A text of at most `maximumLength` characters that keeps ``TextRules``.
    static func text(_ text: String, maximumLength: Int = JobLimits.maximumTextLength, multiline: Bool = false) -> MessageText? {
        // Counted lazily so a 10 MB string is refused without walking all of it.
        if text.utf8.count > maximumLength, text.dropFirst(maximumLength).isEmpty == false {
            return MessageText("input.text-too-long", ["maximum": String(maximumLength)])
        }
        return TextRules.problemText(in: text, multiline: multiline)
    }

    /// A product's name: a record must name each product.
    static func productName(_ name: String) -> MessageText? {
        name.isEmpty ? MessageText("input.product-name-empty") : nil
    }

    /// The number of products in one tank mix.
    static func productCount(_ count: Int) -> MessageText? {
        if count == 0 { return MessageText("input.no-products") }
        if count > JobLimits.maximumProducts {
            return MessageText("input.too-many-products", ["count": String(count), "maximum": String(JobLimits.maximumProducts)])
        }
        return nil
    }

    /// A list of parcels, cadastral numbers or codes.
    static func listLength(_ count: Int) -> MessageText? {
        count > maximumListItems ? MessageText("input.list-too-long", ["count": String(count), "maximum": String(maximumListItems)]) : nil
    }

    /// An EPPO code: five or six capital letters or digits (EPPO Global Database), `TRZAW`, `ALOMY`.
    static func eppoCode(_ code: String) -> MessageText? {
        guard (5...6).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            return MessageText("input.not-eppo-code", ["code": code])
        }
        return nil
    }

    /// A parcel names itself by a label, cadastral numbers or both.
    static func parcel(_ parcel: Parcel) -> MessageText? {
        parcel.namesAPlace ? nil : MessageText("input.parcel-unnamed")
    }

    /// A FLIK names a parcel, so it is not blank (its form is the German record check's).
    static func flik(_ flik: String) -> MessageText? {
        flik.allSatisfy(\.isWhitespace) ? MessageText("input.flik-empty") : nil
    }

    /// A WGS 84 point's coordinate: degrees within -90 to 90 (latitude) or -180 to 180 (longitude).
    static func coordinate(_ value: Double, isLatitude: Bool) -> MessageText? {
        let limit = isLatitude ? 90.0 : 180.0
        return value.isFinite && abs(value) <= limit ? nil
            : MessageText("input.out-of-range", ["lowest": JSONReader.format(-limit), "highest": JSONReader.format(limit), "value": JSONReader.format(value)])
    }

    /// A point has both its coordinates or neither.
    static func point(latitude: Double?, longitude: Double?) -> MessageText? {
        (latitude == nil) == (longitude == nil) ? nil : MessageText("input.point-half")
    }

    /// The parcels' own areas make up the treated area: all of it when every parcel gives one,
    /// at most it when some do (to a square metre, or a millionth of a large field).
    static func parcelAreas(_ parcels: [Parcel], treated: Quantity<AreaUnit>) -> MessageText? {
        let given = parcels.compactMap(\.area)
        guard !given.isEmpty else { return nil }
        let sum = given.reduce(0) { $0 + $1.internalValue }
        let tolerance = max(JobLimits.minimumAreaHectares, treated.internalValue * 1e-6)
        let areas = ["sum": "\(RecordNumber.text(sum)) ha", "treated": "\(RecordNumber.text(treated.internalValue)) ha"]
        if given.count == parcels.count, abs(sum - treated.internalValue) > tolerance {
            return MessageText("input.parcel-areas-differ", areas)
        }
        if given.count < parcels.count, sum > treated.internalValue + tolerance {
            return MessageText("input.parcel-areas-exceed", areas)
        }
        return nil
    }

    /// The parcels' labels and cadastral numbers together (``JobLimits/maximumParcelsText``).
    static func parcelsText(_ parcels: [Parcel]) -> MessageText? {
        let characters = parcels.reduce(0) { total, parcel in
            total + (parcel.label?.count ?? 0) + (parcel.flik?.count ?? 0) + parcel.cadastral.reduce(0) { $0 + $1.count }
        }
        guard characters > JobLimits.maximumParcelsText else { return nil }
        return MessageText("input.parcels-text-too-long", ["count": String(characters), "maximum": String(JobLimits.maximumParcelsText)])
    }

    /// One BBCH code.
    static func bbchCode(_ value: Double) -> MessageText? {
        value == value.rounded() && (0...99).contains(value) ? nil : MessageText("input.not-bbch-stage", ["value": JSONReader.format(value)])
    }

    /// A BBCH range, earlier stage first.
    static func bbchRange(from: Int, to: Int) -> MessageText? {
        from <= to ? nil : MessageText("input.bbch-backwards", ["from": String(from), "to": String(to)])
    }

    /// The crop's area holds the treated area.
    static func cropArea(_ cropArea: Quantity<AreaUnit>, treated area: Quantity<AreaUnit>) -> MessageText? {
        cropArea.internalValue < area.internalValue * (1 - 1e-9) ? MessageText("input.crop-area-small") : nil
    }

    /// An application's end comes after its start, which it needs.
    /// A restricted-entry interval: labels give hours, up to a few days; a year is surely a slip.
    static func restrictedEntryHours(_ hours: Double) -> MessageText? {
        hours <= 8_760 ? nil : MessageText("input.restricted-entry-hours", ["hours": RecordNumber.text(hours)])
    }

    /// A pre-harvest interval: whole days, as labels give it (0 for "none needed"), within a year.
    static func preHarvestIntervalDays(_ days: Double) -> MessageText? {
        days >= 0 && days <= 366 && days == days.rounded() ? nil : MessageText("input.pre-harvest-days", ["days": RecordNumber.text(days)])
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
    static func recordedAt(_ recorded: JobDate, end: JobDate?) -> MessageText? {
        guard let end else { return MessageText("input.recorded-without-date") }
        guard recorded.hasTime else { return MessageText("input.recorded-without-time") }
        return recorded.instant < end.instant ? MessageText("input.recorded-before-end") : nil
    }

    static func endDate(_ end: JobDate, start: JobDate?) -> MessageText? {
        guard let start else { return MessageText("input.end-without-date") }
        return end.instant < start.instant ? MessageText("input.end-before-start") : nil
    }
}
