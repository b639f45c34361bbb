import FoundationEssentials

/// A time zone's UTC offsets over time, read from the system's time zone database (Debian's
/// tzdata, `/usr/share/zoneinfo`): the transitions a TZif file lists (RFC 8536), then its footer's
/// POSIX rule ("CET-1CEST,M3.5.0,M10.5.0/3") for the years after them.
///
/// Read here rather than through Foundation's `TimeZone`, which needs ICU (tens of megabytes in a
/// static binary) for any zone but UTC, or glibc's `localtime_r`, which reads the zone from the
/// process-wide `TZ` variable: switching it per job is a data race in a library.
public struct TimeZoneRules: Sendable, Equatable {
    /// The IANA name: `Europe/Warsaw`.
    public let identifier: String
    /// Instants (seconds since 1970) at which the offset changes, ascending, and the offset from each.
    private let transitions: [Int64]
    private let offsets: [Int]
    /// The offset before the first transition.
    private let initialOffset: Int
    private let footer: PosixRule?

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Date) -> Int {
        let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
        if let last = transitions.last, seconds >= last, let footer {
            return footer.offset(at: seconds)
        }
        // The last transition at or before `seconds`.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        // Before the first transition, the first local time type (RFC 8536, 3.2); with none at
        // all (UTC), the footer.
        if low == 0 { return transitions.isEmpty ? footer.map { $0.offset(at: seconds) } ?? initialOffset : initialOffset }
        return offsets[low - 1]
    }

    /// Where the system keeps its zones.
    public static let databaseFolder = "/usr/share/zoneinfo"

    /// UTC, known without the database.
    static let utc = TimeZoneRules(identifier: "UTC", fixedOffset: 0)

    private init(identifier: String, fixedOffset: Int) {
        self.identifier = identifier
        transitions = []
        offsets = []
        initialOffset = fixedOffset
        footer = nil
    }

    /// The zone named `identifier`, or nil when the name is not one (only letters, digits, `_`,
    /// `-` and `+` in components joined by `/`, no `..`) or the database has no such zone.
    public static func named(_ identifier: String, in folder: String = databaseFolder) -> TimeZoneRules? {
        let components = identifier.split(separator: "/", omittingEmptySubsequences: false)
        guard !identifier.isEmpty, identifier.utf8.count <= 64, components.allSatisfy({ component in
            !component.isEmpty && component != "." && component != ".."
                && component.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-+".unicodeScalars.contains($0)) }
        }) else { return nil }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + identifier)), data.count < 1_000_000 else { return nil }
        return TimeZoneRules(identifier: identifier, tzif: [UInt8](data))
    }

    /// Reads a TZif file of version 2 or later (its 64-bit data and footer), or of version 1.
    init?(identifier: String, tzif bytes: [UInt8]) {
        var reader = TZifReader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        var header = first
        if first.version >= 2 {
            // Skip the 32-bit block; the 64-bit block after it has the same shape.
            guard reader.skip(first.dataLength(timeSize: 4)), let second = reader.header() else { return nil }
            header = second
        }
        let timeSize = first.version >= 2 ? 8 : 4
        var times: [Int64] = []
        for _ in 0..<header.transitionCount {
            guard let time = reader.signed(timeSize) else { return nil }
            times.append(time)
        }
        var indices: [Int] = []
        for _ in 0..<header.transitionCount {
            guard let index = reader.byte() else { return nil }
            indices.append(Int(index))
        }
        var types: [Int] = []
        for _ in 0..<header.typeCount {
            guard let offset = reader.signed(4), reader.skip(2) else { return nil }
            types.append(Int(offset))
        }
        guard !types.isEmpty, indices.allSatisfy({ $0 < types.count }),
              reader.skip(header.dataLength(timeSize: timeSize) - header.transitionCount * (timeSize + 1) - header.typeCount * 6) else { return nil }
        var footer: PosixRule?
        if first.version >= 2, reader.byte() == UInt8(ascii: "\n") {
            var text: [UInt8] = []
            while let byte = reader.byte(), byte != UInt8(ascii: "\n") { text.append(byte) }
            footer = PosixRule(String(decoding: text, as: UTF8.self))
        }
        self.identifier = identifier
        transitions = times
        offsets = indices.map { types[$0] }
        initialOffset = types[0]
        self.footer = footer
    }
}

/// The big-endian fields of a TZif file, read in order.
private struct TZifReader {
    struct Header {
        var version: Int
        var utIndicators: Int, standardIndicators: Int, leapCount: Int, transitionCount: Int, typeCount: Int, charCount: Int

        func dataLength(timeSize: Int) -> Int {
            transitionCount * timeSize + transitionCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + standardIndicators + utIndicators
        }
    }

    let bytes: [UInt8]
    var position = 0

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else { return nil }
        let versionByte = bytes[position + 4]
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = signed(4), count >= 0, count < 100_000 else { return nil }
            counts.append(Int(count))
        }
        return Header(version: versionByte == 0 ? 1 : Int(versionByte) - 48, utIndicators: counts[0], standardIndicators: counts[1],
                      leapCount: counts[2], transitionCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func signed(_ size: Int) -> Int64? {
        guard position + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        position += size
        // Sign-extend from `size` bytes.
        let shift = UInt64(64 - size * 8)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }
}

/// A POSIX TZ rule, as TZif footers hold it: `CET-1CEST,M3.5.0,M10.5.0/3` (standard time one hour
/// east of UTC; summer time from the last Sunday of March, 02:00, to the last Sunday of October,
/// 03:00). Offsets in the rule count west of UTC; here they are turned east.
struct PosixRule: Sendable, Equatable {
    enum Day: Sendable, Equatable {
        /// Month, week (5: the last), weekday (0: Sunday).
        case monthWeekDay(Int, Int, Int)
        /// Day 1–365, 29 February never counted.
        case julian(Int)
        /// Day 0–365, 29 February counted.
        case zeroBased(Int)
    }

    struct Change: Sendable, Equatable {
        var day: Day
        /// Seconds after the local midnight (may be negative or past a day).
        var time: Int
    }

    var standardOffset: Int
    var daylight: (offset: Int, start: Change, end: Change)?

    static func == (a: PosixRule, b: PosixRule) -> Bool {
        a.standardOffset == b.standardOffset && a.daylight?.offset == b.daylight?.offset
            && a.daylight?.start == b.daylight?.start && a.daylight?.end == b.daylight?.end
    }

    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.duration() else { return nil }
        standardOffset = -standard
        guard !scanner.atEnd else { daylight = nil; return }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.peek(","), !scanner.atEnd {
            guard let given = scanner.duration() else { return nil }
            daylightOffset = -given
        }
        guard scanner.consume(","), let start = scanner.change(), scanner.consume(","), let end = scanner.change(), scanner.atEnd else { return nil }
        daylight = (daylightOffset, start, end)
    }

    func offset(at seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilTime(Date(timeIntervalSince1970: TimeInterval(seconds + Int64(standardOffset)))).year
        let start = Self.instant(of: daylight.start, year: year) - Int64(standardOffset)
        let end = Self.instant(of: daylight.end, year: year) - Int64(daylight.offset)
        let inDaylight = start < end ? (seconds >= start && seconds < end) : (seconds < end || seconds >= start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// The change's local moment in `year`, as seconds since 1970 on a clock at UTC.
    private static func instant(of change: Change, year: Int) -> Int64 {
        let january = Int64(CivilTime(year: year, month: 1, day: 1).utcInstant?.timeIntervalSince1970 ?? 0)
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let dayOfYear: Int
        switch change.day {
        case .julian(let day):
            dayOfYear = day - 1 + (leap && day >= 60 ? 1 : 0)
        case .zeroBased(let day):
            dayOfYear = day
        case .monthWeekDay(let month, let week, let weekday):
            let first = Int64(CivilTime(year: year, month: month, day: 1).utcInstant?.timeIntervalSince1970 ?? 0)
            let firstWeekday = Int(((first / 86_400 % 7) + 11) % 7)   // 1970-01-01 was a Thursday (4)
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            while day > daysInMonth { day -= 7 }
            dayOfYear = Int((first - january) / 86_400) + day - 1
        }
        return january + Int64(dayOfYear) * 86_400 + Int64(change.time)
    }
}

/// Reads the parts of a POSIX TZ rule.
private struct RuleScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    func peek(_ character: Character) -> Bool { !atEnd && bytes[index] == character.asciiValue }

    mutating func consume(_ character: Character) -> Bool {
        guard peek(character) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or anything in angle brackets (`<+03>`).
    mutating func name() -> Bool {
        if consume("<") {
            while !atEnd, bytes[index] != UInt8(ascii: ">") { index += 1 }
            return consume(">")
        }
        let start = index
        while !atEnd, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") { index += 1 }
        return index - start >= 3
    }

    mutating func number() -> Int? {
        let start = index
        var value = 0
        while !atEnd, bytes[index] >= 48, bytes[index] <= 57, index - start < 4 {
            value = value * 10 + Int(bytes[index] - 48)
            index += 1
        }
        return index > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func duration() -> Int? {
        let sign = consume("-") ? -1 : (consume("+") ? 1 : 1)
        guard let hours = number() else { return nil }
        var seconds = hours * 3600
        if consume(":") {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if consume(":") {
                guard let secs = number() else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Mm.w.d`, `Jn` or `n`, with an optional `/time` (02:00 when absent).
    mutating func change() -> PosixRule.Change? {
        let day: PosixRule.Day
        if consume("M") {
            guard let month = number(), consume("."), let week = number(), consume("."), let weekday = number(),
                  (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month, week, weekday)
        } else if consume("J") {
            guard let julian = number(), (1...365).contains(julian) else { return nil }
            day = .julian(julian)
        } else {
            guard let zeroBased = number(), (0...365).contains(zeroBased) else { return nil }
            day = .zeroBased(zeroBased)
        }
        var time = 7_200
        if consume("/") {
            guard let given = duration() else { return nil }
            time = given
        }
        return PosixRule.Change(day: day, time: time)
    }
}
