import FoundationEssentials
import Glibc

/// A date and time of day on the proleptic Gregorian calendar, with no time zone: what a report
/// prints and a file is named by. Converted to and from instants by C's `timegm` and `gmtime_r`
/// rather than Foundation's `Calendar`, which costs tens of thousands of instructions a call
/// (four calls per report were 0.5 % of a whole batch job).
struct CivilTime: Sendable, Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The calendar fields of `instant` seen `offsetSeconds` east of UTC.
    init(_ instant: Date, offsetSeconds: Int = 0) {
        // Clamped to the years 1 to 9999, the dates every caller validates, so that no instant
        // (a library caller's own, an infinite one) can trap the conversion.
        let seconds = (instant.timeIntervalSince1970 + Double(offsetSeconds)).rounded(.down)
        var time = time_t(seconds.isNaN ? 0 : min(max(seconds, -62_135_596_800), 253_402_300_799))
        var fields = tm()
        gmtime_r(&time, &fields)
        self.init(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                  hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
    }

    /// The instant these fields name in UTC; nil when they name no real day (30 February).
    var utcInstant: Date? {
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        let time = timegm(&fields)
        // timegm carries an overflowing day into the next month; such a date does not exist.
        guard fields.tm_mday == Int32(day), fields.tm_mon == Int32(month - 1) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(time))
    }

    /// `YYYY-MM-DD`.
    var isoDate: String { "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))" }

    /// `value` with leading zeros to `count` digits.
    static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }
}
