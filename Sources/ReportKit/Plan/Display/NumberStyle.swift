/// How numbers are written in a report language: `1,234.56` in English, `1 234,56` in Polish.
/// The separators come from the language's locale file (``ReportLocale``).
///
/// Written out here rather than taken from ICU: the design brief asks Polish to group four-digit
/// numbers too (CLDR does not), and a report's bytes must not change with the ICU data a
/// toolchain ships.
public struct NumberStyle: Sendable, Equatable {
    public let decimalSeparator: String
    public let groupingSeparator: String
    public init(decimalSeparator: String, groupingSeparator: String) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
    }

    /// Writes `steps` × 10^-fractionDigits. With `trimZeros`, trailing zero decimals are dropped
    /// (`2250` rather than `2250.00`); tables keep them so decimals line up.
    public func format(steps: Int64, fractionDigits: Int, trimZeros: Bool) -> String {
        let negative = steps < 0
        var digits = String(steps.magnitude)
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        var fraction = String(digits.suffix(fractionDigits))
        let whole = String(digits.dropLast(fractionDigits))
        if trimZeros {
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        var grouped = ""
        for (offset, character) in whole.enumerated() {
            if offset > 0, (whole.count - offset) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(character)
        }
        return (negative ? "-" : "") + grouped + (fraction.isEmpty ? "" : decimalSeparator + fraction)
    }

    /// A number as the user gave it (a rate, a capacity), with up to six decimals and no trailing zeros.
    public func format(given value: Double) -> String {
        let scale = DisplayScale(.litre, fractionDigits: 6)
        return format(steps: DisplayRounding.steps(value, scale), fractionDigits: 6, trimZeros: true)
    }
}
