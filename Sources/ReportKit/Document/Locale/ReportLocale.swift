import FoundationEssentials
import Glibc

/// The words and formats of one report language, read from a locale file
/// (`templates/locales/pl.json`): number separators, unit symbols, month names and date patterns,
/// plural forms, and the strings templates show.
package struct ReportLocale: Sendable {
    public let language: ReportLanguage
    package let numbers: NumberStyle
    /// Between a number and its unit: a no-break space, so the two never part at a line end.
    public let unitSeparator: String
    let unitSymbols: [String: String]
    /// Month names as they stand in a date ("14 kwietnia 2026": Polish uses the genitive).
    let months: [String]
    let datePattern: String
    let dateTimePattern: String
    /// Strings by key; templates reach them as `t.key`.
    public let strings: [String: String]
    /// Plural patterns by key and CLDR category ("one", "few", "many", "other"), each with `{n}`.
    let plurals: [String: [String: String]]
    /// ``strings`` as the `t` record templates read, made once with the locale: every report of a
    /// batch shows the same strings, and building the record (a dictionary of a few hundred
    /// entries) for each report was a tenth of the time a report spent in malloc.
    let stringsValue: TemplateValue
    /// The date patterns and month names with the date's own spaces no-break ("14 kwietnia 2026"
    /// never parts): made once here, where each date used to be searched for and rewritten.
    private let noBreakMonths: [String]
    private let noBreakDatePattern: String
    /// Nil when the date-and-time pattern does not hold the date pattern as it is.
    private let noBreakDateTimePattern: String?

    init(language: ReportLanguage, numbers: NumberStyle, unitSeparator: String, unitSymbols: [String: String], months: [String],
         datePattern: String, dateTimePattern: String, strings: [String: String], plurals: [String: [String: String]]) {
        self.language = language
        self.numbers = numbers
        self.unitSeparator = unitSeparator
        // Made no-break once here, not at every quantity a report prints (sixty a page).
        self.unitSymbols = unitSymbols.mapValues(Self.noBreak)
        self.months = months
        self.datePattern = datePattern
        self.dateTimePattern = dateTimePattern
        self.strings = strings
        self.plurals = plurals
        stringsValue = .record(strings.mapValues(TemplateValue.text))
        noBreakMonths = months.map(Self.noBreak)
        noBreakDatePattern = Self.noBreak(datePattern)
        noBreakDateTimePattern = dateTimePattern.contains(datePattern)
            ? dateTimePattern.replacing(datePattern, with: Self.noBreak(datePattern)) : nil
    }

    /// A display unit's symbol in this language ("l" in Polish, "L" in English).
    package func symbol(_ unit: DisplayUnit) -> String {
        unitSymbols[unit.rawValue] ?? Self.noBreak(unit.rawValue)
    }

    /// A rate unit as the user gave it ("L/ha"), written the way this language writes it ("l/ha"),
    /// its own spaces no-break: "fl oz/ac" never parts at a line's end.
    public func rateSymbol(_ symbol: String) -> String {
        unitSymbols[symbol] ?? Self.noBreak(symbol)
    }

    /// `text` with its spaces no-break ones; most symbols have none, and are returned as they are.
    static func noBreak(_ text: String) -> String {
        text.utf8.contains(0x20) ? text.replacing(" ", with: "\u{A0}") : text
    }

    /// `2 250 l`, `5,33 ha`; trailing zero decimals dropped unless `trimZeros` is false.
    package func text(_ quantity: DisplayQuantity, trimZeros: Bool = true) -> String {
        number(quantity, trimZeros: trimZeros) + unitSeparator + symbol(quantity.unit)
    }

    /// The number alone, for tables that name the unit in the column header.
    package func number(_ quantity: DisplayQuantity, trimZeros: Bool = true) -> String {
        numbers.format(steps: quantity.steps, fractionDigits: quantity.scale.fractionDigits, trimZeros: trimZeros)
    }

    /// A value as the user gave it (a rate, a capacity) with its unit symbol.
    public func given(_ value: Double, unit symbol: String) -> String {
        numbers.format(given: value) + unitSeparator + rateSymbol(symbol)
    }

    /// A whole number with grouping ("10 000").
    public func integer(_ value: Int) -> String {
        numbers.format(steps: Int64(value), fractionDigits: 0, trimZeros: true)
    }

    /// "14 kwietnia 2026, 07:30" ("14.04.2026, 07:30 Uhr": `{dd}` is the day in two digits), or
    /// without the time when the input gave only a date; in the
    /// offset the date was written in, so the report shows the farmer's local time.
    /// A time in UTC that no zone places (written with `Z`, or the app's, without `timeZone` or
    /// `--time-zone`) says so: a bare clock time would read as local.
    public func text(_ date: JobDate, includeTime: Bool = true) -> String {
        let parts = CivilTime(date.instant, offsetSeconds: date.utcOffsetSeconds)
        let withTime = includeTime && date.hasTime
        // The day, month and year keep together ("21 maja 2026" never breaks before "maja"); a
        // line may still end after the date's comma, before its time.
        let twoDigitDay = CivilTime.digits(parts.day, 2)
        let mark = withTime && date.isUTC ? Self.utcMark : ""
        let values = ["day": "\(parts.day)", "dd": twoDigitDay, "month": noBreakMonths[parts.month - 1], "year": "\(parts.year)",
                      "hour": CivilTime.digits(parts.hour, 2), "minute": CivilTime.digits(parts.minute, 2)]
        if !withTime { return Self.fill(noBreakDatePattern, values) + mark }
        if let noBreakDateTimePattern { return Self.fill(noBreakDateTimePattern, values) + mark }
        // A pattern that writes the date otherwise within the time: the date found and rewritten.
        let day = Self.fill(noBreakDatePattern, values)
        let text = Self.fill(dateTimePattern, values.merging(["month": months[parts.month - 1]]) { $1 })
        return text.replacing(day.replacing("\u{A0}", with: " "), with: day) + mark
    }

    /// What follows a time in UTC: a no-break space (the mark never parts from its time) and "UTC".
    static let utcMark = "\u{A0}UTC"

    /// The plural form of `key` for `count` ("3 loads", "5 napełnień"); nil when the key is unknown.
    public func plural(_ key: String, _ count: Int) -> String? {
        guard let forms = plurals[key] else { return nil }
        let pattern = forms[Self.pluralCategory(count, language)] ?? forms["other"] ?? forms["many"]
        return pattern.map { Self.fill($0, ["n": integer(count)]) }
    }

    /// The CLDR plural category of a whole number (the rules for English, German and Polish).
    static func pluralCategory(_ count: Int, _ language: ReportLanguage) -> String {
        switch language {
        case .english, .german:
            return count == 1 ? "one" : "other"
        case .polish:
            if count == 1 { return "one" }
            let lastDigit = count % 10, lastTwo = count % 100
            return (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) ? "few" : "many"
        }
    }

    /// The plural categories a locale file must give for `language`.
    static func pluralCategories(_ language: ReportLanguage) -> [String] {
        language == .polish ? ["one", "few", "many"] : ["one", "other"]
    }

    /// Replaces each `{name}` with its value; anything else is left as written.
    static func fill(_ pattern: String, _ values: [String: String]) -> String {
        // One pass, so a value is never searched for placeholders of its own.
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
