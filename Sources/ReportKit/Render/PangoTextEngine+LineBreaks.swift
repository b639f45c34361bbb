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
        words(in: text) { word in word.characters <= 24 && word.hasSlash }
    }

    /// The byte ranges of numbers: words with a digit, up to 16 characters ("024485-00",
    /// "DEBBLI0260100301", "(UTC+01:00)", "26.05.2026,"). Unicode line breaking allows a break after
    /// a hyphen or a colon, which would leave "024485-" at a line's end and "00" on the next. A
    /// range's dash ("1–2", "07:30–09:10") ends a number, and a line may break after it; a longer
    /// word (a validated job's 200 digits) may break as any long word.
    static func numberWords(in text: String) -> [Range<Int>] {
        // Only a number with a hyphen, a slash, a colon or a plus has a break inside it for Pango
        // to take ("2,250" and a FLIK have none): the others need no attribute, and cost none.
        words(in: text, splittingAtDashes: true) { word in word.characters <= 16 && word.hasDigit && word.hasInnerBreak }
    }

    /// What a word of ``words(in:splittingAtDashes:_:)`` is made of.
    struct WordShape {
        var characters = 0
        var hasSlash = false
        var hasDigit = false
        var hasInnerBreak = false
    }

    /// The byte ranges of the words of `text` (between white space, and after a range's dash when
    /// asked) that `keep` chooses, by their shape; one pass over the scalars (every layout of
    /// wrapped text asks).
    private static func words(in text: String, splittingAtDashes: Bool = false, _ keep: (WordShape) -> Bool) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, offset = 0
        var shape = WordShape()
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            let isDash = splittingAtDashes && (scalar.value == 0x2013 || scalar.value == 0x2014)
            if scalar.properties.isWhitespace || isDash {
                // A dash stays with the word before it; the break is after it.
                let end = isDash ? offset + length : offset
                if end > start, keep(shape) { ranges.append(start..<end) }
                start = offset + length
                shape = WordShape()
            } else {
                shape.characters += 1
                if scalar == "/" { shape.hasSlash = true }
                if scalar == "/" || scalar == "-" || scalar == ":" || scalar == "+" { shape.hasInnerBreak = true }
                if scalar.value >= 0x30 && scalar.value <= 0x39 { shape.hasDigit = true }
            }
            offset += length
        }
        if offset > start, keep(shape) { ranges.append(start..<offset) }
        return ranges
    }
}
