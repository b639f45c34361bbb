import FoundationEssentials
import Glibc

/// How the record writes a number: the value cleaned of float noise (12 significant digits:
/// 38,500 m² in hectares is 3.85, not 3.8500000000000005), then the shortest decimal that reads
/// back to it, never with an exponent (`0.000001`, not `1e-06`). Twelve digits keep a millionth of
/// a millionth: far inside the relative precision any dose or area is entered with.
enum RecordNumber {
    static func cleaned(_ value: Double) -> Double {
        rounded(value, significantDigits: 12)
    }

    /// `value` to `significantDigits` (a register prints a computed dose per hectare to four:
    /// 0.4385 l/ha, 2.858 kg/ha; the record keeps twelve).
    static func rounded(_ value: Double, significantDigits: Int) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let magnitude = Int((log10(abs(value))).rounded(.down))
        let digits = significantDigits - 1 - magnitude
        // A power of ten up to 10^22 is exact in a double, so dividing by it rounds once.
        guard (-22...22).contains(digits) else { return value }
        let scale = (0..<abs(digits)).reduce(1.0) { value, _ in value * 10 }
        return digits >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
    }

    static func text(_ value: Double) -> String {
        plain(String(cleaned(value)))
    }

    /// A JSON number of the cleaned value, written as ``text(_:)``.
    static func json(_ value: Double) -> JSONValue {
        let cleaned = cleaned(value)
        return .number(JSONNumber(literal: plain(String(cleaned)), exactly: cleaned))
    }

    /// Swift's shortest form ("3.85", "100.0", "1e-06", "1.5e+16") without an exponent or a
    /// trailing ".0".
    static func plain(_ shortest: String) -> String {
        var text = shortest
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) {
            let mantissa = text[..<e]
            let negative = mantissa.hasPrefix("-")
            let unsigned = negative ? mantissa.dropFirst() : mantissa[...]
            let point = unsigned.firstIndex(of: ".").map { unsigned.distance(from: unsigned.startIndex, to: $0) } ?? unsigned.count
            let digits = unsigned.filter { $0 != "." }
            let position = point + exponent
            let body: String
            if position <= 0 {
                body = "0." + String(repeating: "0", count: -position) + digits
            } else if position >= digits.count {
                body = digits + String(repeating: "0", count: position - digits.count)
            } else {
                body = digits.prefix(position) + "." + digits.dropFirst(position)
            }
            text = (negative ? "-" : "") + body
        }
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
