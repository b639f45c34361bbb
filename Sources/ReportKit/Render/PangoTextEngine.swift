internal import CCairo
import FoundationEssentials
import Glibc
import Synchronization

/// Lays out text with Pango, from a private set of fonts, exactly as the PDF surface draws it:
/// metrics are not hinted and glyph positions are not rounded, so a line breaks at the same place
/// in a PDF and in a PNG preview. Text is always set as plain text with attributes; nothing a user
/// writes is read as Pango markup.
///
/// Make one engine and reuse it for every document: fonts are loaded once. Pango objects are not
/// thread-safe, so calls are serialised; parallel work uses one engine per thread.
package final class PangoTextEngine: TextMeasuring, @unchecked Sendable {
    /// Held for every call into Pango and every use of the caches below (Pango objects are not
    /// thread-safe); the state it guards is the engine's own, so it guards nothing by value.
    private let lock = Mutex<Void>(())
    let context: PangoContext
    public let fonts: FontSet

    /// What a Pango layout depends on: a layout made to measure a paragraph is the one drawn.
    /// A layout and where to draw it from the text's origin: a one-line layout reused for a
    /// right-aligned or centred text is moved by what Pango's alignment would have added.
    struct SetText {
        let layout: PangoLayout
        let xOffset: Double
        /// Read from the layout once: layout asks for the same text's lines several times.
        let measurement: TextMeasurement
        /// The widest word and the widest with a digit, kept once measured (every table and row
        /// asks for them on every layout).
        var longestWord: Double?
        var longestNumber: Double?
        /// The marks of words the engine broke, drawn after the layout.
        var breakMarks: [BreakMark] = []
    }

    /// Layouts measured, reused to draw them and for the next documents: Pango's shaping is the
    /// costliest step, layout measures the same cell more than once (natural width, fit), and a
    /// batch's reports share most of their words (labels, headers, units). Two generations keep
    /// memory bounded: a layout not used since the last turnover is let go at the next one.
    private var layouts: [LayoutKey: SetText] = [:]
    private var previousLayouts: [LayoutKey: SetText] = [:]
    /// The layouts one generation holds before, at a document's end, it becomes the previous one.
    private static let generationSize = 1_024
    /// Within one document (a long job), the bound at which a generation turns over at once.
    private static let layoutCacheLimit = 20_000
    /// One font description per weight, slant and size, made once for the engine's life.
    private var fontDescriptions: [FontKey: FontDescription] = [:]
    /// The character sets of the configured font files (owned by the configuration), read once
    /// the engine is made and never changed: read without the lock.
    private let coverage: [OpaquePointer]

    private struct FontKey: Hashable {
        let weight: FontWeight
        let italic: Bool
        let size: Double
    }

    /// Makes the process's default fontconfig configuration an empty one, for a program in which
    /// nothing but ReportKit draws text (``ReportKitProcess/Choices/privateFontsOnly``).
    ///
    /// Engines draw only with their own fonts, from a private configuration; yet Pango loads the
    /// system's whole configuration (every font folder's cache, /etc/fonts) in a thread when the
    /// first font map is made, and waits for it: 3 to 4 ms of a 30 ms report. An empty default
    /// also keeps fontconfig's system rules from reaching cairo's font options. It must come
    /// before the first engine; a program that uses fontconfig itself should not call it.
    package static func useEmptyDefaultFontConfiguration() {
        guard let empty = FcConfigCreate() else { return }
        FcConfigSetCurrent(empty)
        // The current configuration keeps a reference of its own.
        FcConfigDestroy(empty)
    }

    public init(fonts: FontSet = .inter) throws(RenderError) {
        try fonts.checkFiles()
        let configuration = try FontConfiguration()
        try configuration.addFonts(fonts.files + fonts.fallbackFiles)
        let fontMap = try PangoFontMap(configuration: configuration)
        let context = try PangoContext(fontMap: fontMap)
        // Points are device units: 72 per inch, as on a PDF page.
        pango_cairo_context_set_resolution(context.pointer, 72)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(context.pointer, options)
            cairo_font_options_destroy(options)
        }
        pango_context_set_round_glyph_positions(context.pointer, 0)
        self.context = context
        self.fonts = fonts
        coverage = Self.coverage(of: configuration)
        try checkFamilyResolves()
    }

    /// The characters of `text` that none of the engine's fonts has: Pango draws each as a box
    /// with its code in it. Characters that are not drawn (spaces, controls, joiners, direction
    /// marks, variation selectors) never count.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        // Coverage first: nearly every character is covered, and looking up its category costs more.
        for scalar in text.unicodeScalars where !coverage.contains(where: { FcCharSetHasChar($0, scalar.value) != 0 })
            && !Self.isInvisible(scalar) && !missing.contains(scalar) {
            missing.append(scalar)
        }
        return missing
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isVariationSelector
        }
    }

    /// The character sets of the fonts in `configuration`.
    private static func coverage(of configuration: FontConfiguration) -> [OpaquePointer] {
        var sets: [OpaquePointer] = []
        // The fonts described from the system's cache are in the system set, those read in the application set.
        for kind in [FcSetSystem, FcSetApplication] {
            guard let fontSet = FcConfigGetFonts(configuration.pointer, kind) else { continue }
            for index in 0..<Int(fontSet.pointee.nfont) {
                var charset: OpaquePointer?
                if let pattern = fontSet.pointee.fonts[index], FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch,
                   let charset {
                    sets.append(charset)
                }
            }
        }
        return sets
    }

    /// Fontconfig falls back silently to whatever it has; make a missing family a clear error instead.
    private func checkFamilyResolves() throws(RenderError) {
        let description = try fontDescription(for: TextStyle(family: fonts.family, size: 12))
        guard let font = pango_font_map_load_font(context.fontMap.pointer, context.pointer, description.pointer) else {
            throw RenderError("no font of the family \(fonts.family) could be loaded")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let loaded = pango_font_describe(font)
        defer { pango_font_description_free(loaded) }
        let family = pango_font_description_get_family(loaded).map { String(cString: $0) } ?? "?"
        guard family == fonts.family else {
            throw RenderError("the font family \(fonts.family) is not in the configured font files (found \(family))")
        }
    }

    /// Its answers never change: a text may keep them (``TextMeasures``).
    public var cacheIdentity: ObjectIdentifier? { ObjectIdentifier(self) }

    public func measure(_ text: StyledText, width: Double?, alignment: TextAlignment, ellipsize: Bool) -> TextMeasurement {
        lock.withLock { _ in
            guard let set = try? cachedLayout(LayoutKey(text: text, width: width, alignment: alignment, ellipsize: ellipsize)) else {
                return TextMeasurement(lines: [], size: .zero)
            }
            return set.measurement
        }
    }

    /// The widest word's width, read from the text's one-line layout (which measuring its natural
    /// width has usually made already) instead of shaping every word again.
    public func longestWordWidth(_ text: StyledText, alignment: TextAlignment) -> Double {
        lock.withLock { _ in
            let key = LayoutKey(text: text, width: nil, alignment: alignment, ellipsize: false)
            guard let set = try? cachedLayout(key) else { return 0 }
            if let width = set.longestWord { return width }
            let widths = longestWordWidths(text, in: set.layout)
            layouts[key]?.longestWord = widths.word
            layouts[key]?.longestNumber = widths.number
            return widths.word
        }
    }

    public func longestWidths(_ text: StyledText, alignment: TextAlignment) -> (word: Double, number: Double) {
        lock.withLock { _ in
            let key = LayoutKey(text: text, width: nil, alignment: alignment, ellipsize: false)
            guard let set = try? cachedLayout(key) else { return (0, 0) }
            if let word = set.longestWord, let number = set.longestNumber { return (word, number) }
            let widths = longestWordWidths(text, in: set.layout)
            layouts[key]?.longestWord = widths.word
            layouts[key]?.longestNumber = widths.number
            return widths
        }
    }

    /// The widest word of `text` in its one-line `layout`: words are cut at spaces and line feeds
    /// (not at the no-break joins, ``shapedForm(_:)``) and at style runs. Measured in one pass over
    /// the layout's clusters, each word's extent its clusters' logical extents: asking Pango for
    /// each word's x ranges (`pango_layout_index_to_line_x` walks the text from its start) made a
    /// long text quadratic, 34 s for the 2,000 cadastral numbers of a record card. Widths are
    /// summed in 64 bits: a very long line's Pango units pass Int32's range.
    private func longestWordWidths(_ text: StyledText, in layout: PangoLayout) -> (word: Double, number: Double) {
        // The word each byte of Pango's text belongs to, or -1 for a separator.
        var wordOf: [Int32] = []
        var words = 0
        // The words with an ASCII digit in them.
        var numbers = Set<Int32>()
        for run in text.runs {
            let shaped = pangoForm(run.text)
            let joined = Set(shaped.joins.map(\.lowerBound))
            var inWord = false
            for (offset, byte) in shaped.string.utf8.enumerated() {
                if (byte == 0x20 || byte == 0x0A) && !joined.contains(offset) {
                    wordOf.append(-1)
                    inWord = false
                } else {
                    if !inWord { words += 1 }
                    inWord = true
                    wordOf.append(Int32(words - 1))
                    if byte >= 0x30 && byte <= 0x39 { numbers.insert(Int32(words - 1)) }
                }
            }
        }
        guard words > 0, let iterator = pango_layout_get_iter(layout.pointer) else { return (0, 0) }
        defer { pango_layout_iter_free(iterator) }
        var lowest = [Int64](repeating: .max, count: words), highest = [Int64](repeating: .min, count: words)
        repeat {
            let index = Int(pango_layout_iter_get_index(iterator))
            guard index >= 0, index < wordOf.count, case let word = Int(wordOf[index]), word >= 0 else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_cluster_extents(iterator, &ink, &logical)
            let left = Int64(logical.x), right = Int64(logical.x) + Int64(logical.width)
            lowest[word] = min(lowest[word], min(left, right))
            highest[word] = max(highest[word], max(left, right))
        } while pango_layout_iter_next_cluster(iterator) != 0
        var widest: Int64 = 0, widestNumber: Int64 = 0
        for word in 0..<words where highest[word] >= lowest[word] {
            widest = max(widest, highest[word] - lowest[word])
            if numbers.contains(Int32(word)) { widestNumber = max(widestNumber, highest[word] - lowest[word]) }
        }
        return (Double(widest) / Double(PANGO_SCALE), Double(widestNumber) / Double(PANGO_SCALE))
    }

    /// Runs `body` with a Pango layout of `text`, under the engine's lock.
    func withLayout<Result>(for text: PlacedText, _ body: (SetText) throws(RenderError) -> Result) throws(RenderError) -> Result {
        try lock.withLock { _ throws(RenderError) in
            try body(try cachedLayout(LayoutKey(text: text.text, width: text.width, alignment: text.alignment, ellipsize: text.ellipsize)))
        }
    }

    /// Ends a document: once the current generation of layouts is full, it becomes the previous
    /// one and the layouts no document has used since are let go, so memory does not grow from
    /// one document to the next.
    public func endDocument() {
        lock.withLock { _ in
            if layouts.count >= Self.generationSize { turnOver() }
        }
    }

    private func turnOver() {
        previousLayouts = layouts
        layouts = [:]
    }

    private func cachedLayout(_ key: LayoutKey) throws(RenderError) -> SetText {
        if let set = layouts[key] { return set }
        if layouts.count >= Self.layoutCacheLimit { turnOver() }
        if let set = previousLayouts[key] {
            layouts[key] = set
            return set
        }
        let set: SetText
        if let oneLine = try reusableOneLine(for: key) {
            set = oneLine
        } else {
            let (layout, joins, grows, marks) = try makeLayout(key.text, width: key.width, alignment: key.alignment, ellipsize: key.ellipsize)
            var measurement = Self.measurement(of: layout, joins: joins, grows: grows)
            Self.widen(&measurement, by: marks)
            set = SetText(layout: layout, xOffset: 0, measurement: measurement, breakMarks: marks)
        }
        layouts[key] = set
        return set
    }

    /// Layout first measures a text on one line (its natural width), then sets it in the width it
    /// is given. When that one line fits and runs left to right, wrapping it would change
    /// nothing: the one-line layout is used, moved as Pango would align it, saving a second shaping.
    ///
    /// The one-line layout is made when it is not in the cache, so that a measurement never
    /// depends on what the cache happens to hold (the same text measured after the cache was
    /// cleared, or by another thread's report, must give the same lines and the same bytes).
    private func reusableOneLine(for key: LayoutKey) throws(RenderError) -> SetText? {
        guard let width = key.width, !key.ellipsize else { return nil }
        let oneLine = try cachedLayout(LayoutKey(text: key.text, width: nil, alignment: key.alignment, ellipsize: false))
        guard oneLine.xOffset == 0,
              pango_layout_get_line_count(oneLine.layout.pointer) == 1,
              pango_layout_get_direction(oneLine.layout.pointer, 0) == PANGO_DIRECTION_LTR else { return nil }
        var logical = PangoRectangle()
        pango_layout_get_extents(oneLine.layout.pointer, nil, &logical)
        let available = Self.pangoUnits(width, rounding: .down)
        guard logical.width <= available else { return nil }
        // Pango's own arithmetic for alignment, in its units.
        let offset: Int32 = switch key.alignment {
        case .leading: 0
        case .center: (available - logical.width) / 2
        case .trailing: available - logical.width
        }
        return SetText(layout: oneLine.layout, xOffset: Double(offset) / Double(PANGO_SCALE), measurement: oneLine.measurement)
    }

    /// A run's text as Pango is given it (``pangoForm(_:isMissing:)``): only characters of three
    /// or four bytes are looked up in the fonts, so Latin, Polish and Cyrillic text costs nothing.
    func pangoForm(_ text: String) -> (string: String, joins: [Range<Int>], shrinks: [Int], grows: [Int]) {
        Self.pangoForm(text) { scalar in !coverage.contains { FcCharSetHasChar($0, scalar.value) != 0 } && !Self.isInvisible(scalar) }
    }

    /// A layout of `text`, and where in Pango's text one byte stands for two in `text` (a
    /// no-break space became a plain one, a four-byte character the replacement character).
    private func makeLayout(_ text: StyledText, width: Double?, alignment: TextAlignment, ellipsize: Bool) throws(RenderError)
        -> (PangoLayout, joins: [Int], grows: [Int], marks: [BreakMark]) {
        let layout = try PangoLayout(context: context)
        let runs = text.runs.map { pangoForm($0.text) }
        let string = runs.map(\.string).joined()
        pango_layout_set_text(layout.pointer, string, Int32(clamping: string.utf8.count))
        if let width {
            pango_layout_set_width(layout.pointer, Self.pangoUnits(width, rounding: .down))
            pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
        }
        if ellipsize {
            pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout.pointer, -1)
        }
        let pangoAlignment: PangoAlignment = switch alignment {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout.pointer, pangoAlignment)
        // Leading alignment follows the text's own direction (right-to-left text aligns right).
        pango_layout_set_auto_dir(layout.pointer, 1)
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        var start = 0
        var unbreakable: [Range<Int>] = []
        var shrinks: [Int] = []
        var grows: [Int] = []
        for (run, shaped) in zip(text.runs, runs) {
            let end = start + shaped.string.utf8.count
            for attribute in Self.attributes(for: run.style, font: try fontDescription(for: run.style)) {
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attributes, attribute)
            }
            unbreakable += shaped.joins.map { (start + $0.lowerBound)..<(start + $0.upperBound) }
            shrinks += shaped.shrinks.map { start + $0 }
            grows += shaped.grows.map { start + $0 }
            start = end
        }
        func keepWhole(_ ranges: [Range<Int>], in list: OpaquePointer?) {
            for range in ranges {
                let keep = pango_attr_allow_breaks_new(0)!
                keep.pointee.start_index = UInt32(range.lowerBound)
                keep.pointee.end_index = UInt32(range.upperBound)
                pango_attr_list_insert(list, keep)
            }
        }
        keepWhole(Self.unitLikeWords(in: string) + unbreakable, in: attributes)
        // No hyphen of Pango's: a word broken by the engine gets a mark of its own (BreakMark).
        if let hyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(attributes, hyphens) }
        // Numbers kept whole too, in wrapped text, unless one is wider than the width (a table that
        // had to break its numbers to fit): then they break as words do, rather than run past the
        // column. A line not wrapped has no break to keep them from.
        let numbers = width == nil ? [] : Self.numberWords(in: string)
        if numbers.isEmpty {
            pango_layout_set_attributes(layout.pointer, attributes)
        } else {
            let withNumbers = pango_attr_list_copy(attributes)
            defer { pango_attr_list_unref(withNumbers) }
            keepWhole(numbers, in: withNumbers)
            pango_layout_set_attributes(layout.pointer, withNumbers)
            if let width, Self.widestLine(layout) > width + 0.01 {
                pango_layout_set_attributes(layout.pointer, attributes)
            }
        }
        var marks: [BreakMark] = []
        if let width, !ellipsize, case let broken = Self.linesBrokenInsideWords(layout), !broken.isEmpty {
            let largest = text.runs.map(\.style.size).max() ?? 0
            pango_layout_set_width(layout.pointer, Self.pangoUnits(max(0, width - BreakMark.advance(size: largest)), rounding: .down))
            let runEnds = zip(text.runs, runs).reduce(into: [(end: Int, style: TextStyle)]()) { ends, pair in
                ends.append(((ends.last?.end ?? 0) + pair.1.string.utf8.count, pair.0.style))
            }
            marks = Self.breakMarks(layout, lines: Self.linesBrokenInsideWords(layout)) { byte in
                (runEnds.first { byte < $0.end } ?? runEnds.last!).style
            }
        }
        return (layout, (unbreakable.map(\.lowerBound) + shrinks).sorted(), grows, marks)
    }

    /// The engine's font description for a style's weight, slant and size (always its own family).
    private func fontDescription(for style: TextStyle) throws(RenderError) -> FontDescription {
        let key = FontKey(weight: style.weight, italic: style.italic, size: style.size)
        if let description = fontDescriptions[key] { return description }
        let description = try FontDescription()
        pango_font_description_set_family(description.pointer, fonts.family)
        pango_font_description_set_weight(description.pointer, PangoWeight(UInt32(style.weight.rawValue)))
        pango_font_description_set_style(description.pointer, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description.pointer, style.size * Double(PANGO_SCALE))
        fontDescriptions[key] = description
        return description
    }

    /// Points in Pango's units (1/1024 pt) as the 32-bit integer its API takes. The token and
    /// template readers bound every size long before this; the clamp keeps a library caller's
    /// out-of-range style from trapping the process (Pango draws it absurdly, but draws it).
    static func pangoUnits(_ points: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
        let units = (points * Double(PANGO_SCALE)).rounded(rule)
        guard units.isFinite else { return units > 0 ? Int32.max / 2 : (units < 0 ? -Int32.max / 2 : 0) }
        return Int32(max(-Double(Int32.max / 2), min(Double(Int32.max / 2), units)))
    }

    private static func attributes(for style: TextStyle, font: FontDescription) -> [UnsafeMutablePointer<PangoAttribute>] {
        let channel = { (value: Double) in UInt16((max(0, min(1, value)) * 65_535).rounded()) }
        var list: [UnsafeMutablePointer<PangoAttribute>?] = [
            pango_attr_font_desc_new(font.pointer),
            pango_attr_foreground_new(channel(style.color.red), channel(style.color.green), channel(style.color.blue)),
            // Line height as in CSS: a multiple of the font size, not of the font's own line gap.
            pango_attr_line_height_new_absolute(pangoUnits(style.size * style.lineHeight)),
        ]
        if style.color.alpha < 1 { list.append(pango_attr_foreground_alpha_new(channel(style.color.alpha))) }
        if style.letterSpacing != 0 {
            list.append(pango_attr_letter_spacing_new(pangoUnits(style.letterSpacing * style.size)))
        }
        if style.tabularFigures { list.append(pango_attr_font_features_new("tnum")) }
        if style.underline { list.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
        return list.compactMap { $0 }
    }

    /// The layout's lines and size; line starts are given in the paragraph's own bytes, counting
    /// the two of each no-break space Pango was given as one (`joins`, in Pango's bytes), and one
    /// byte fewer for each two-byte character given as the three of U+FFFD (`grows`).
    private static func measurement(of layout: PangoLayout, joins: [Int], grows: [Int]) -> TextMeasurement {
        var lines: [TextMeasurement.Line] = []
        if let iterator = pango_layout_get_iter(layout.pointer) {
            defer { pango_layout_iter_free(iterator) }
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                lines.append(TextMeasurement.Line(
                    startByte: { index in index + joins.count { $0 < index } - grows.count { $0 < index } }(Int(pango_layout_iter_get_index(iterator))),
                    top: Double(logical.y) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE),
                    width: Double(logical.width) / Double(PANGO_SCALE)))
            } while pango_layout_iter_next_line(iterator) != 0
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout.pointer, nil, &logical)
        return TextMeasurement(lines: lines, size: Size(width: Double(logical.width) / Double(PANGO_SCALE),
                                                          height: Double(logical.height) / Double(PANGO_SCALE)))
    }
}
