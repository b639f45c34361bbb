/// Text from input made safe to print on a terminal or in a line-based listing: a message or a
/// listing names things that came from a file (an attachment's name, a job's id, a field), and a
/// control character in them could move the cursor, change the window's title, clear the screen,
/// or start a line of its own that looks like report-gen's.
package enum TerminalText {
    /// `text` with every control character (C0, DEL, C1, the line and paragraph separators, the
    /// bidirectional controls) written as a visible escape such as `\u{1B}`; tabs are kept in a
    /// message, and escaped with `escapingTabs` for a tab-separated listing, whose columns a tab
    /// in a name would shift.
    package static func escaped(_ text: String, escapingTabs: Bool = false) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in Self.needsEscape(scalar) || (escapingTabs && scalar == "\t") }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
