/// How numbers are written in a report language: `1,234.56` in English, `1 234,56` in Polish.
/// The separators come from the language's locale file (``ReportLocale``).
///
/// Written out here rather than taken from ICU: the design brief asks Polish to group four-digit
/// numbers too (CLDR does not), and a report's bytes must not change with the ICU data a
/// toolchain ships.
package struct NumberStyle: Sendable, Equatable {
    package let decimalSeparator: String
    package let groupingSeparator: String
    package init(decimalSeparator: String, groupingSeparator: String) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
    }

    /// Writes `steps` × 10^-fractionDigits. With `trimZeros`, trailing zero decimals are dropped
    /// (`2250` rather than `2250.00`); tables keep them so decimals line up.
    package func format(steps: Int64, fractionDigits: Int, trimZeros: Bool) -> String {
        // Worked on as ASCII digits: every number of every report comes through here, and
        // character-wise String work (grapheme breaking, a count from the start for each digit
        // group, a retain and a release per character) made it one of composing's costliest steps.
        let zero = UInt8(ascii: "0")
        var digits = Array(String(steps.magnitude).utf8)
        if digits.count <= fractionDigits {
            digits.insert(contentsOf: repeatElement(zero, count: fractionDigits - digits.count + 1), at: 0)
        }
        let wholeCount = digits.count - fractionDigits
        var fractionEnd = digits.count
        if trimZeros {
            while fractionEnd > wholeCount, digits[fractionEnd - 1] == zero { fractionEnd -= 1 }
        }
        var text: [UInt8] = []
        text.reserveCapacity(digits.count + 1 + wholeCount / 3 * groupingSeparator.utf8.count + decimalSeparator.utf8.count)
        if steps < 0 { text.append(UInt8(ascii: "-")) }
        for index in 0..<wholeCount {
            if index > 0, (wholeCount - index) % 3 == 0 { text += groupingSeparator.utf8 }
            text.append(digits[index])
        }
        if fractionEnd > wholeCount {
            text += decimalSeparator.utf8
            text += digits[wholeCount..<fractionEnd]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A number as the user gave it (a rate, a capacity, an area), with up to six decimals and no
    /// trailing zeros: its shortest decimal after float noise, rounded once. (Display rounding's
    /// boundary tolerance is relative, so on 42,500 m² at six decimals it added 0.000004.)
    package func format(given value: Double) -> String {
        format(steps: DisplayRounding.exactSteps(RecordNumber.cleaned(value), fractionDigits: 6), fractionDigits: 6, trimZeros: true)
    }
}
