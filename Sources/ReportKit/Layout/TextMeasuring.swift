/// Measures text the way it will be drawn. The layout stage only sees this protocol; the render
/// stage implements it with Pango (``PangoTextEngine``), and tests may use a simple fake.
package protocol TextMeasuring: Sendable {
    /// Lays out `text` wrapped to `width` (or on one line when nil), ellipsized when asked.
    func measure(_ text: StyledText, width: Double?, alignment: TextAlignment, ellipsize: Bool) -> TextMeasurement

    /// The width of the widest word of `text` (words end at spaces, line breaks and changes of
    /// style): the narrowest it can be set without breaking inside a word.
    func longestWordWidth(_ text: StyledText, alignment: TextAlignment) -> Double

    /// The widths of the widest word and of the widest word with a digit in it (an authorisation
    /// or cadastral number, a date, a quantity with its unit, a FLIK), in one measuring: numbers
    /// are broken inside only as a last resort.
    func longestWidths(_ text: StyledText, alignment: TextAlignment) -> (word: Double, number: Double)

    /// The same object for as long as its answers stay the same, so a text may keep them.
    var cacheIdentity: ObjectIdentifier? { get }
}

extension TextMeasuring {
    /// What a text may keep this engine's answers under (``TextMeasures``); nil keeps none.
    public var cacheIdentity: ObjectIdentifier? { nil }

    /// Measures each word on its own.
    public func longestWordWidth(_ text: StyledText, alignment: TextAlignment) -> Double {
        text.runs.flatMap { run in
            run.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { StyledText(String($0), style: run.style) }
        }.map { measure($0, width: nil, alignment: alignment, ellipsize: false).size.width }.max() ?? 0
    }

    /// Measures each word on its own.
    public func longestWidths(_ text: StyledText, alignment: TextAlignment) -> (word: Double, number: Double) {
        let widths = text.runs.flatMap { run in
            run.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { word in
                (width: measure(StyledText(String(word), style: run.style), width: nil, alignment: alignment, ellipsize: false).size.width,
                 isNumber: word.contains { $0.isASCII && $0.isNumber })
            }
        }
        return (widths.map(\.width).max() ?? 0, widths.filter(\.isNumber).map(\.width).max() ?? 0)
    }
}

/// The lines a paragraph breaks into.
package struct TextMeasurement: Sendable, Hashable {
    package struct Line: Sendable, Hashable {
        /// Where the line starts in the paragraph's UTF-8 bytes.
        public var startByte: Int
        /// The line's top, from the top of the paragraph.
        public var top: Double
        public var height: Double
        /// The width of the line's ink-free logical extent.
        public var width: Double

        public init(startByte: Int, top: Double, height: Double, width: Double) {
            self.startByte = startByte
            self.top = top
            self.height = height
            self.width = width
        }
    }

    public var lines: [Line]
    /// The paragraph's logical size (the widest line, the sum of line heights).
    public var size: Size

    public init(lines: [Line], size: Size) {
        self.lines = lines
        self.size = size
    }
}
