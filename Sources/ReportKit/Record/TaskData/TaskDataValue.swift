import FoundationEssentials

/// Values as ISO 11783-10 writes them in attributes, read strictly: a number is decimal digits
/// with an optional sign and fraction (no `nan`, `inf`, hex or exponent, which Swift's `Double`
/// parser would take), and a time is `xs:dateTime` with or without its offset.
enum TaskDataValue {
    /// The decimal number `text` holds, or nil.
    static func decimal(_ text: String) -> Double? {
        var digits = 0, points = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if index != 0 { return nil }
            default: return nil
            }
        }
        guard digits > 0, digits <= 30, points <= 1 else { return nil }
        return Double(text)
    }

    /// The wall-clock seconds since 1970 (read as if UTC) of `YYYY-MM-DDThh:mm:ss` at the start of
    /// `text`, or nil when it names no real time.
    static func wallClock(_ text: String) -> Int64? {
        let bytes = Array(text.utf8.prefix(19))
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (48...57).contains($0) }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              hour < 24, minute < 60, second < 60,
              let instant = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second).utcInstant else { return nil }
        return Int64(instant.timeIntervalSince1970)
    }

    /// The offset after the wall-clock time and its fraction: seconds east of UTC, or nil for
    /// none; `.failure` when what follows is not an offset.
    private static func offset(after text: String) -> Result<Int?, Unreadable> {
        var rest = Substring(text.dropFirst(19))
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return .failure(Unreadable()) }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.isEmpty { return .success(nil) }
        if rest == "Z" { return .success(0) }
        guard rest.utf8.count == 6, let sign = rest.first, sign == "+" || sign == "-", rest.dropFirst(3).first == ":",
              let hours = Int(rest.dropFirst().prefix(2)), let minutes = Int(rest.suffix(2)), hours < 24, minutes < 60 else {
            return .failure(Unreadable())
        }
        return .success((sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }

    private struct Unreadable: Error {}

    /// A time of a `TIM` element as RFC 3339 with its offset. A time written without one is the
    /// terminal's wall clock, given the offset it had in `zone`; `note` says when that offset was
    /// a choice (the hour repeated in October) or the time does not exist (the hour skipped in March).
    static func time(_ text: String, zone: TimeZoneRules) -> (rfc3339: String, note: String?)? {
        guard let local = wallClock(text), case .success(let written) = offset(after: text) else { return nil }
        let clock = String(text.prefix(19))
        if let written { return (clock + TimeLog.offsetText(written), nil) }
        let resolved = zone.resolvedOffset(ofLocal: local)
        let offset = TimeLog.offsetText(resolved.offset)
        let note: String? = resolved.ambiguous
            ? "\(text) is in the hour the clocks repeat in \(zone.identifier); read as \(clock)\(offset), the first time that hour came"
            : resolved.skipped ? "\(text) does not exist in \(zone.identifier) (the clocks skip that hour); read as \(clock)\(offset)" : nil
        return (clock + offset, note)
    }

    /// Seconds since 1970 of an `xs:dateTime` with an offset (a time without one is read as UTC).
    static func seconds(ofRFC3339 text: String) -> Double? {
        guard let local = wallClock(text), case .success(let offset) = offset(after: text) else { return nil }
        return Double(local - Int64(offset ?? 0))
    }
}
