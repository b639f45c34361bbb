import FoundationEssentials
import Glibc

/// When a job was done or calculated, with the UTC offset it was written in, so that the report
/// shows the local time the farmer wrote rather than the time in wherever the report is made.
public struct JobDate: Sendable, Equatable {
    public let instant: Date
    /// Seconds east of UTC that the date was written in.
    public let utcOffsetSeconds: Int
    /// False when only a calendar date was given.
    public let hasTime: Bool
    /// True for a time in UTC that says nothing of where it was lived: written with `Z`, or an
    /// entry of the app (seconds since 2001). Shown in the job's time zone when one is known
    /// (``inZone(_:)``), else marked "UTC".
    public let isUTC: Bool

    public init(instant: Date, utcOffsetSeconds: Int = 0, hasTime: Bool = true, isUTC: Bool = false) {
        self.instant = instant
        self.utcOffsetSeconds = utcOffsetSeconds
        self.hasTime = hasTime
        self.isUTC = isUTC && utcOffsetSeconds == 0
    }

    /// A UTC time as lived in `zone` (its offset at that instant, daylight saving included); a
    /// time written with its own offset, or a calendar date alone, as it is.
    public func inZone(_ zone: TimeZoneRules?) -> JobDate {
        guard isUTC, hasTime, let zone else { return self }
        return JobDate(instant: instant, utcOffsetSeconds: zone.offset(at: instant), hasTime: true)
    }

    /// Reads `YYYY-MM-DD` or an RFC 3339 date-time with a `Z` or `±hh:mm` offset.
    ///
    /// Parsed by hand rather than with `ISO8601DateFormatter`, which drops the offset the report
    /// needs and accepts forms a record should not.
    public init?(rfc3339 text: String) {
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func byte(_ index: Int) -> UInt8? { index < scalars.count ? scalars[index] : nil }

        guard let year = number(0..<4), byte(4) == UInt8(ascii: "-"), let month = number(5..<7),
              byte(7) == UInt8(ascii: "-"), let day = number(8..<10) else { return nil }
        var civil = CivilTime(year: year, month: month, day: day)
        var offset = 0
        var hasTime = false
        var isUTC = false
        if scalars.count > 10 {
            guard byte(10) == UInt8(ascii: "T") || byte(10) == UInt8(ascii: "t"),
                  let hour = number(11..<13), byte(13) == UInt8(ascii: ":"), let minute = number(14..<16) else { return nil }
            var index = 16
            var second = 0
            if byte(index) == UInt8(ascii: ":") {
                guard let parsed = number(17..<19) else { return nil }
                second = parsed
                index = 19
                if byte(index) == UInt8(ascii: ".") {
                    index += 1
                    let digitsStart = index
                    while let digit = byte(index), digit >= 48, digit <= 57 { index += 1 }
                    guard index > digitsStart else { return nil }
                }
            }
            switch byte(index) {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
                isUTC = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard let hours = number((index + 1)..<(index + 3)), byte(index + 3) == UInt8(ascii: ":"),
                      let minutes = number((index + 4)..<(index + 6)), hours < 24, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (byte(index) == UInt8(ascii: "-") ? -1 : 1)
                index += 6
            default:
                return nil
            }
            guard index == scalars.count, hour < 24, minute < 60, second < 61 else { return nil }
            civil.hour = hour
            civil.minute = minute
            civil.second = min(second, 59)
            hasTime = true
        }
        guard (1...12).contains(month), (1...31).contains(day), year >= 1900, let utc = civil.utcInstant else { return nil }
        self.init(instant: utc.addingTimeInterval(TimeInterval(-offset)), utcOffsetSeconds: offset, hasTime: hasTime, isUTC: isUTC)
    }
}
