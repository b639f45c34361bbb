internal import CCairo

/// A word broken by the engine, not by its writer, is marked at the line's end with a small
/// return arrow (↵), drawn as a path in the text's colour: Pango's own mark is a hyphen, which in
/// a registration number or a cadastral number ("0212-3") reads as part of it. Lines that need
/// a mark are set narrower by the mark's width, so the mark stays inside the text's box.
extension PangoTextEngine {
    /// Where a mark goes: at the end of a line broken inside a word, on its baseline, in the
    /// size and colour of the text before the break (layout coordinates, from the paragraph's
    /// top-left corner).
    struct BreakMark: Hashable {
        var x: Double
        var baseline: Double
        var size: Double
        var color: Color

        /// The width a mark takes after its line: a small gap and the arrow.
        static func advance(size: Double) -> Double { 0.6 * size }

        /// The arrow: down from the x-height, back to the left, with its head; stroked.
        var path: Path {
            let s = size, left = x + 0.12 * s, right = x + 0.5 * s
            let top = baseline - 0.55 * s, middle = baseline - 0.22 * s
            var path = Path()
            path.move(to: Point(x: right, y: top))
            path.line(to: Point(x: right, y: middle))
            path.line(to: Point(x: left, y: middle))
            path.move(to: Point(x: left + 0.14 * s, y: middle - 0.11 * s))
            path.line(to: Point(x: left, y: middle))
            path.line(to: Point(x: left + 0.14 * s, y: middle + 0.11 * s))
            return path
        }

        var lineWidth: Double { 0.07 * size }
    }

    /// The indices of the lines of `layout` that end inside a word: the next line starts where
    /// Unicode line breaking allows no break, so `PANGO_WRAP_WORD_CHAR` broke between characters.
    static func linesBrokenInsideWords(_ layout: PangoLayout) -> [Int] {
        guard let text = pango_layout_get_text(layout.pointer) else { return [] }
        var attributeCount: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout.pointer, &attributeCount) else { return [] }
        // The character offset of each line's first byte, counted from the UTF-8 text.
        var starts: [Int] = []
        if let iterator = pango_layout_get_iter(layout.pointer) {
            defer { pango_layout_iter_free(iterator) }
            while pango_layout_iter_next_line(iterator) != 0 {
                starts.append(Int(pango_layout_iter_get_index(iterator)))
            }
        }
        guard !starts.isEmpty else { return [] }
        var broken: [Int] = []
        var byte = 0, character = 0
        for (line, start) in starts.enumerated() {
            while byte < start {
                if UInt8(bitPattern: text[byte]) & 0xC0 != 0x80 { character += 1 }
                byte += 1
            }
            guard character > 0, character < Int(attributeCount) else { continue }
            let attribute = attributes[character]
            let previous = attributes[character - 1]
            // Inside a word: no break opportunity here, and no space before it.
            if attribute.is_line_break == 0 && previous.is_white == 0 { broken.append(line) }
        }
        return broken
    }

    /// The marks for `lines` of `layout`, each after its line's logical end; `style` gives the
    /// size and colour of the text at a byte of Pango's text.
    static func breakMarks(_ layout: PangoLayout, lines: [Int], style: (Int) -> TextStyle) -> [BreakMark] {
        guard !lines.isEmpty, let iterator = pango_layout_get_iter(layout.pointer) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let wanted = Set(lines)
        var marks: [BreakMark] = []
        var line = 0
        repeat {
            if wanted.contains(line) {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
                let endByte = Int(pango_layout_iter_get_index(iterator)) + Int(pango_layout_iter_get_line_readonly(iterator).pointee.length) - 1
                let textStyle = style(max(0, endByte))
                marks.append(BreakMark(x: Double(Int64(logical.x) + Int64(logical.width)) / Double(PANGO_SCALE),
                                       baseline: baseline, size: textStyle.size, color: textStyle.color))
            }
            line += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return marks
    }

    /// Lines that end in a break mark are wider by the mark.
    static func widen(_ measurement: inout TextMeasurement, by marks: [BreakMark]) {
        guard !marks.isEmpty else { return }
        for mark in marks {
            guard let index = measurement.lines.firstIndex(where: { mark.baseline > $0.top && mark.baseline <= $0.top + $0.height }) else { continue }
            measurement.lines[index].width = max(measurement.lines[index].width, mark.x + BreakMark.advance(size: mark.size))
        }
        measurement.size.width = max(measurement.size.width, measurement.lines.map(\.width).max() ?? 0)
    }
}

extension PangoTextEngine {
    /// The width of `layout`'s widest line, in points (its logical extent).
    static func widestLine(_ layout: PangoLayout) -> Double {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout.pointer, &ink, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}
