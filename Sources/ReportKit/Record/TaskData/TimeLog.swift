import FoundationEssentials

/// A terminal's binary time log (ISO 11783-10, annex D): `TLGnnnnn.XML` says which values each
/// record holds, `TLGnnnnn.BIN` holds the records, little-endian. What the record needs of it:
/// when logging began and ended, and the last value of each DDI (totals only grow).
public struct TimeLog: Sendable, Equatable {
    /// The first and last record's time, as RFC 3339 (UTC when the log holds GPS time, else the
    /// terminal's local time in `zone`).
    public var start: String
    public var stop: String
    /// The last value logged of each DDI (upper-case hex, `0074`).
    public var lastValues: [String: Double]

    /// The position fields a record may hold, in their order, and their sizes in bytes
    /// (north, east, up, status, PDOP, HDOP, satellites, GPS UTC time, GPS UTC date).
    static let positionFields: [(key: String, bytes: Int)] = [("A", 4), ("B", 4), ("C", 4), ("D", 1), ("E", 2), ("F", 2), ("G", 1), ("H", 4), ("I", 2)]

    /// Reads a log from its header's `TIM` element and its binary records; nil when the records
    /// do not follow the header (a truncated or foreign file).
    public static func read(header time: TaskDataElement, records bytes: [UInt8], zone: TimeZoneRules?) -> TimeLog? {
        guard time.name == "TIM" else { return nil }
        let position = time.children.first { $0.name == "PTN" }
        // A position field given with an empty value is in every record; one with a value is fixed.
        let present = positionFields.filter { field in position?.attributes.contains { $0.key == field.key && $0.value.isEmpty } == true }
        let values = time.children.filter { $0.name == "DLV" }.map { $0["A"]?.uppercased() ?? "" }
        var offset = 0
        func take(_ count: Int) -> UInt64? {
            guard offset + count <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * index) }
            offset += count
            return value
        }
        var first: String?, last: String?
        var lastValues: [String: Double] = [:]
        var records = 0
        while offset < bytes.count {
            guard let milliseconds = take(4), let days = take(2) else { return nil }
            var gps: [String: UInt64] = [:]
            for field in present {
                guard let value = take(field.bytes) else { return nil }
                gps[field.key] = value
            }
            guard let count = take(1) else { return nil }
            for _ in 0..<count {
                guard let index = take(1), let raw = take(4), Int(index) < values.count else { return nil }
                lastValues[values[Int(index)]] = Double(Int32(truncatingIfNeeded: raw))
            }
            let moment: String
            if let time = gps["H"], let date = gps["I"] {
                moment = Self.rfc3339(days: Int64(date), milliseconds: Int64(time), offset: 0)
            } else {
                let local = Self.instant(days: Int64(days), milliseconds: Int64(milliseconds))
                let shift = zone.map { $0.offset(at: local.addingTimeInterval(-Double($0.offset(at: local)))) } ?? 0
                moment = Self.rfc3339(days: Int64(days), milliseconds: Int64(milliseconds), offset: shift)
            }
            first = first ?? moment
            last = moment
            records += 1
        }
        guard records > 0, let first, let last else { return nil }
        return TimeLog(start: first, stop: last, lastValues: lastValues)
    }

    /// 1980-01-01 plus `days` and `milliseconds`, as a UTC instant.
    static func instant(days: Int64, milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: 315_532_800 + Double(days * 86_400) + Double(milliseconds) / 1000)
    }

    /// The same moment as RFC 3339 with `offset` seconds east of UTC ("Z" for none).
    static func rfc3339(days: Int64, milliseconds: Int64, offset: Int) -> String {
        let civil = CivilTime(instant(days: days, milliseconds: milliseconds))
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        let zone = offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
        return "\(civil.isoDate)T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))\(zone)"
    }
}
