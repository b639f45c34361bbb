/// What a text given to report-gen may contain, wherever it comes from: a job, a template, a
/// locale file or the command line. One rule for all of them, so a text refused in one place is
/// never printed from another.
///
/// Refused are control characters (other than line breaks and tabs in multi-line text), the
/// Unicode line and paragraph separators in single-line text (they break a line as a newline
/// does), and the bidirectional embedding, override and isolate controls anywhere: they make a
/// text show in another order than it is stored ("Roundup" can read as "pudnuoR"), which on a
/// legal record is a way to show one thing and store another. Right-to-left text itself, and the
/// invisible direction marks (U+200E, U+200F, U+061C), are accepted. Unicode's noncharacters
/// (U+FFFE, U+FFFF, …) are refused everywhere: XML, which the workbook and task data are, cannot
/// carry U+FFFE and U+FFFF.
package enum TextRules {
    /// The bidirectional formatting characters that change the order in which text is shown.
    static let bidirectionalControls: [UInt32: String] = [
        0x202A: "left-to-right embedding", 0x202B: "right-to-left embedding", 0x202C: "pop directional formatting",
        0x202D: "left-to-right override", 0x202E: "right-to-left override",
        0x2066: "left-to-right isolate", 0x2067: "right-to-left isolate", 0x2068: "first strong isolate",
        0x2069: "pop directional isolate",
    ]

    /// Why `text` cannot be used, or nil when it can. The message completes "FIELD: …".
    package static func problem(in text: String, multiline: Bool) -> String? {
        problemText(in: text, multiline: multiline).map { MessageCatalog.tell($0, in: .english) }
    }

    /// ``problem(in:multiline:)`` as a message to tell in any language.
    package static func problemText(in text: String, multiline: Bool) -> MessageText? {
        // By code point alone: each class refused here is a fixed set of code points (Unicode's
        // control category Cc is U+0000–U+001F and U+007F–U+009F, its only line and paragraph
        // separators are U+2028 and U+2029), so no character's properties are looked up; every
        // text of every job passes through here.
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20, value < 0x7F { continue }
            if let name = bidirectionalControls[value] {
                return MessageText("input.text-bidirectional", ["character": code(scalar), "name": name])
            }
            // Unicode's noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two of every
            // plane) are no text: XML cannot carry U+FFFE or U+FFFF at all (the workbook and the
            // task data were malformed), and every format refuses them alike.
            if value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(value) {
                return MessageText("input.text-noncharacter", ["character": code(scalar)])
            }
            if value < 0x20 || (0x7F...0x9F).contains(value), !(multiline && (scalar == "\n" || scalar == "\t")) {
                return MessageText(multiline ? "input.text-control" : "input.text-control-single-line", ["character": code(scalar)])
            }
            if !multiline, value == 0x2028 || value == 0x2029 {
                return MessageText(value == 0x2028 ? "input.text-line-separator" : "input.text-paragraph-separator", ["character": code(scalar)])
            }
        }
        return nil
    }

    /// `U+202E`.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
