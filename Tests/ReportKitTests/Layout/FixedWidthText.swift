@testable import ReportKit

/// A text measurer with simple, known metrics, so layout tests can assert exact positions
/// without Pango: every character is half the font size wide, every line `size × lineHeight`
/// high, and lines break greedily at spaces.
struct FixedWidthText: TextMeasuring {
    func measure(_ text: StyledText, width: Double?, alignment: TextAlignment, ellipsize: Bool) -> TextMeasurement {
        guard let style = text.leadingStyle else { return TextMeasurement(lines: [], size: .zero) }
        let advance = style.size / 2
        let lineHeight = style.size * style.lineHeight
        let string = text.string
        var lines: [TextMeasurement.Line] = []
        var lineStart = string.startIndex
        var lineChars = 0
        var lastSpace: String.Index?
        var index = string.startIndex
        let maxChars = width.map { max(1, Int(($0 / advance).rounded(.down))) } ?? Int.max
        func startLine(at start: String.Index) {
            lines.append(.init(startByte: string.utf8.distance(from: string.startIndex, to: start),
                               top: Double(lines.count) * lineHeight, height: lineHeight, width: 0))
        }
        startLine(at: lineStart)
        while index < string.endIndex {
            if string[index] == " " { lastSpace = index }
            lineChars += 1
            if lineChars > maxChars, !ellipsize {
                let breakAt = lastSpace.map { string.index(after: $0) } ?? index
                lines[lines.count - 1].width = Double(string.distance(from: lineStart, to: breakAt)) * advance
                lineStart = breakAt
                startLine(at: lineStart)
                lineChars = string.distance(from: lineStart, to: index) + 1
                lastSpace = nil
            }
            index = string.index(after: index)
        }
        lines[lines.count - 1].width = Double(min(lineChars, maxChars)) * advance
        let widest = lines.map(\.width).max() ?? 0
        return TextMeasurement(lines: lines, size: Size(width: widest, height: Double(lines.count) * lineHeight))
    }
}

extension LayoutContext {
    static func fixed(pageHeight: Double = 800) -> LayoutContext {
        LayoutContext(text: FixedWidthText(), pageContentHeight: pageHeight)
    }
}

/// The text drawn by a list of commands, with where it was drawn.
func texts(in commands: [DrawCommand]) -> [(text: String, origin: Point)] {
    commands.compactMap { if case .text(let placed) = $0 { (placed.text.string, placed.origin) } else { nil } }
}

/// A 10 pt style with 1.0 line height: each line is 10 pt high and each character 5 pt wide.
let plain = TextStyle(size: 10, lineHeight: 1)
