/// An sRGB colour with components from 0 to 1.
package struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
}

/// Font weights by their CSS/OpenType numbers.
package enum FontWeight: Int, Sendable, Hashable, CaseIterable {
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
}

/// How a run of text looks.
package struct TextStyle: Sendable, Hashable {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    public var italic: Bool
    /// Line height as a multiple of the font size.
    public var lineHeight: Double
    /// Extra space between letters, in em (negative tightens).
    public var letterSpacing: Double
    public var color: Color
    /// Digits of equal width, so numbers line up in columns.
    public var tabularFigures: Bool
    public var underline: Bool

    public init(family: String = "Inter", size: Double = 12, weight: FontWeight = .regular, italic: Bool = false,
                lineHeight: Double = 1.4, letterSpacing: Double = 0, color: Color = .black,
                tabularFigures: Bool = false, underline: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.color = color
        self.tabularFigures = tabularFigures
        self.underline = underline
    }
}

/// Text made of runs in different styles. It is always plain text: nothing in it is read as markup.
package struct StyledText: Sendable, Hashable {
    package struct Run: Sendable, Hashable {
        public var text: String
        public var style: TextStyle

        public init(_ text: String, style: TextStyle) {
            self.text = text
            self.style = style
        }
    }

    public var runs: [Run]

    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    public init(_ text: String, style: TextStyle) {
        self.init(runs: [Run(text, style: style)])
    }

    public var string: String { runs.map(\.text).joined() }
    public var isEmpty: Bool { runs.isEmpty }

    /// The style of the paragraph as a whole (its first run): it sets line height and alignment metrics.
    public var leadingStyle: TextStyle? { runs.first?.style }

    /// The text from UTF-8 byte offset `offset` on (Pango reports line starts in UTF-8 bytes).
    public func suffix(fromUTF8 offset: Int) -> StyledText {
        var remaining = offset
        var result: [Run] = []
        for run in runs {
            let count = run.text.utf8.count
            if remaining >= count {
                remaining -= count
                continue
            }
            let start = run.text.utf8.index(run.text.utf8.startIndex, offsetBy: remaining)
            result.append(Run(String(run.text[start...]), style: run.style))
            remaining = 0
        }
        return StyledText(runs: result)
    }

    /// The text before UTF-8 byte offset `offset`.
    public func prefix(uptoUTF8 offset: Int) -> StyledText {
        var remaining = offset
        var result: [Run] = []
        for run in runs where remaining > 0 {
            let count = run.text.utf8.count
            if remaining >= count {
                result.append(run)
                remaining -= count
            } else {
                let end = run.text.utf8.index(run.text.utf8.startIndex, offsetBy: remaining)
                result.append(Run(String(run.text[..<end]), style: run.style))
                remaining = 0
            }
        }
        return StyledText(runs: result)
    }
}

package enum TextAlignment: String, Sendable, Hashable {
    case leading
    case center
    case trailing
}
