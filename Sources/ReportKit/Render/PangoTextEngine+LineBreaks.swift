/// Where lines may break: what Pango is given in place of a no-break space, and which short words
/// are kept whole. Pure functions of the text, tested on their own (NoBreakSpaceTests,
/// UnitLikeWordTests).
extension PangoTextEngine {
    /// A run's text as Pango is given it: a no-break space (U+00A0) inside the run, after a digit,
    /// a letter or "×" (a number and its unit, a digit group, "full × 3"), becomes a plain space;
    /// `joins` lists the byte range from each such space to the end of the character after it,
    /// which an attribute keeps from breaking. Cairo writes a glyph it cannot name in PDF's Latin
    /// encoding (U+00A0 is one) into a second, CID-keyed subset of its font: a no-break space in a
    /// unit ("12,5 ha") cost every report one more embedded font per weight (a font program, its
    /// widths and its character map).
    static func shapedForm(_ text: String) -> (string: String, joins: [Range<Int>]) {
        let form = pangoForm(text) { _ in false }
        return (form.string, form.joins)
    }

    /// ``shapedForm(_:)``, and each character that `isMissing` (no font of the engine draws it)
    /// replaced by U+FFFD, the replacement character, a visible and documented substitute
    /// instead of a box of hex digits that runs into the next words. `shrinks` lists where a
    /// four-byte character became the three bytes of U+FFFD, `grows` where a two-byte one did
    /// (in Pango's bytes), so positions map back to `text` as the joins do. Only characters from
    /// U+0540 on are looked up: the fonts draw every one before it (Latin, Greek, Cyrillic).
    static func pangoForm(_ text: String, isMissing: (Unicode.Scalar) -> Bool)
        -> (string: String, joins: [Range<Int>], shrinks: [Int], grows: [Int]) {
        // Nothing to change: no no-break space, and no character from U+0540 on (lead byte 0xD5).
        guard text.utf8.contains(where: { $0 == 0xA0 || $0 >= 0xD5 }) else { return (text, [], [], []) }
        var joins: [Range<Int>] = []
        var shrinks: [Int] = []
        var grows: [Int] = []
        var result = String.UnicodeScalarView()
        var offset = 0
        var previous: Unicode.Scalar?
        var openJoin: Int?
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            let substituted = scalar.value >= 0x540 && isMissing(scalar)
            if let start = openJoin {
                joins.append(start..<(offset + (substituted ? 3 : length)))
                openJoin = nil
            }
            if scalar == "\u{00A0}", let previous, previous.properties.isAlphabetic || previous.properties.numericType != nil || previous == "×" {
                openJoin = offset
                result.append(" ")
                offset += 1
            } else if substituted {
                result.append("\u{FFFD}")
                if length == 4 { shrinks.append(offset) }
                if length == 2 { grows.append(offset) }
                offset += 3
            } else {
                result.append(scalar)
                offset += length
            }
            previous = scalar
        }
        return (String(result), joins, shrinks, grows)
    }

    /// The byte ranges of short words with a slash in them ("m/s", "l/ha", "0212/3"): Unicode line
    /// breaking allows a break after the slash, which would leave "m/" at a line's end and "s" on
    /// the next. Such words are kept whole; a long one (a web address) may still break.
    static func unitLikeWords(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, offset = 0, hasSlash = false, characters = 0
        func close() {
            if hasSlash, characters <= 24 { ranges.append(start..<offset) }
        }
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if scalar.properties.isWhitespace {
                close()
                start = offset + length
                hasSlash = false
                characters = 0
            } else {
                if scalar == "/" { hasSlash = true }
                characters += 1
            }
            offset += length
        }
        close()
        return ranges
    }
}
