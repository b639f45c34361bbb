import FoundationEssentials

/// A terminal's binary time log (ISO 11783-10, annex D): `TLGnnnnn.XML` says which values each
/// record holds, `TLGnnnnn.BIN` holds the records, little-endian. What the record needs of it:
/// when logging began and ended, and the last value of each DDI (totals only grow).
package struct TimeLog: Sendable, Equatable {
    /// The first and last record's time, as RFC 3339 (UTC when the log holds GPS time, else the
    /// terminal's local time in `zone`).
    public var start: String
    public var stop: String
    /// The last value logged of each DDI (upper-case hex, `0074`).
    public var lastValues: [String: Double]
    /// What a person should know of how the times were read: a wall-clock time in the hour the
    /// clocks repeat that the log's own sequence could not place.
    public var notes: [String] = []

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
        // Wall-clock times (seconds since 1970 as if UTC), for a log without GPS time.
        var wallClock: [Int64] = []
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
            if let time = gps["H"], let date = gps["I"] {
                let moment = Self.rfc3339(days: Int64(date), milliseconds: Int64(time), offset: 0)
                first = first ?? moment
                last = moment
            } else {
                wallClock.append(Int64(Self.instant(days: Int64(days), milliseconds: Int64(milliseconds)).timeIntervalSince1970))
            }
            records += 1
        }
        guard records > 0 else { return nil }
        var notes: [String] = []
        if first == nil, let start = wallClock.first, let end = wallClock.last {
            let (startOffset, stopOffset, note) = Self.offsets(of: wallClock, in: zone)
            first = Self.rfc3339(seconds: start, offset: startOffset)
            last = Self.rfc3339(seconds: end, offset: stopOffset)
            notes += note.map { [$0] } ?? []
        }
        guard let first, let last else { return nil }
        return TimeLog(start: first, stop: last, lastValues: lastValues, notes: notes)
    }

    /// The offsets of a log's first and last wall-clock time in `zone` (none: UTC). A time in the
    /// hour the clocks repeat is placed by the log's own sequence: records come in the order they
    /// were logged, so a wall clock that runs backwards went back at that record; the times before
    /// it are summer time, those after it winter time. Where the sequence cannot tell, the first
    /// pass of the hour is taken and said.
    static func offsets(of wallClock: [Int64], in zone: TimeZoneRules?) -> (start: Int, stop: Int, note: String?) {
        guard let zone, let start = wallClock.first, let stop = wallClock.last else { return (0, 0, nil) }
        let back = wallClock.indices.dropFirst().first { wallClock[$0] < wallClock[$0 - 1] }
        let startOffsets = zone.resolvedOffset(ofLocal: start), stopOffsets = zone.resolvedOffset(ofLocal: stop)
        let all = { (local: Int64) in zone.offsets(ofLocal: local) }
        let startOffset = startOffsets.offset
        var stopOffset = stopOffsets.offset
        if stopOffsets.ambiguous, back != nil, let later = all(stop).last { stopOffset = later }
        // A log that starts before the repeated hour and never runs back is still in its first pass.
        let unplaced = startOffsets.ambiguous && back == nil
        let note = unplaced ? "the log's wall-clock times fall in the hour the clocks repeat in \(zone.identifier); read as the first pass of that hour" : nil
        return (startOffset, stopOffset, note)
    }

    /// The offset as RFC 3339 writes it: `Z`, `+02:00`.
    static func offsetText(_ offset: Int) -> String {
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        return offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
    }

    /// A wall-clock time (seconds since 1970 as if UTC) as RFC 3339 with `offset`.
    static func rfc3339(seconds: Int64, offset: Int) -> String {
        let civil = CivilTime(Date(timeIntervalSince1970: Double(seconds)))
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        return "\(civil.isoDate)T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))\(offsetText(offset))"
    }

    /// 1980-01-01 plus `days` and `milliseconds`, as a UTC instant.
    static func instant(days: Int64, milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: 315_532_800 + Double(days * 86_400) + Double(milliseconds) / 1000)
    }

    /// The same moment as RFC 3339 with `offset` seconds east of UTC ("Z" for none).
    static func rfc3339(days: Int64, milliseconds: Int64, offset: Int) -> String {
        rfc3339(seconds: Int64(instant(days: days, milliseconds: milliseconds).timeIntervalSince1970), offset: offset)
    }
}
