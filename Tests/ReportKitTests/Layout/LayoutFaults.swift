@testable import ReportKit

/// What a reader's eye would call a layout fault, found on laid-out pages (display lists), without
/// rendering: the same faults `../shared/tools/pdf-layout-check.py` looks for in a PDF, checked
/// on every page of every report the property tests make.
enum LayoutFaults {
    /// Text may not come closer to the paper's edge than this (the checker's margin).
    static let paperMargin = 20.0

    /// Every fault on `page`, in words.
    static func faults(on page: Page, pageNumber: Int, text engine: any TextMeasuring) -> [String] {
        var found: [String] = []
        let texts = page.commands.compactMap { command -> PlacedText? in
            if case .text(let text) = command { return text }
            return nil
        }
        // Every drawing inside the paper; every text inside its margins.
        for command in page.commands {
            guard let bounds = bounds(of: command) else { continue }
            if bounds.minX < -0.5 || bounds.minY < -0.5 || bounds.maxX > page.size.width + 0.5 || bounds.maxY > page.size.height + 0.5 {
                found.append("page \(pageNumber): \(describe(command)) is drawn off the paper at \(bounds)")
            }
        }
        for text in texts where !text.text.isEmpty {
            let box = rect(of: text)
            if box.minX < paperMargin - 0.5 || box.maxX > page.size.width - paperMargin + 0.5 {
                found.append("page \(pageNumber): \"\(text.text.string.prefix(30))\" is outside the margins (x \(Int(box.minX))–\(Int(box.maxX)))")
            }
        }
        // No two texts over each other.
        let boxes = texts.filter { !$0.text.isEmpty }.map { ($0, inkRect(of: $0, engine: engine)) }
        for (index, (first, a)) in boxes.enumerated() {
            for (second, b) in boxes[(index + 1)...] {
                let dx = min(a.maxX, b.maxX) - max(a.minX, b.minX), dy = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                if dx > 1, dy > 1 {
                    found.append("page \(pageNumber): \"\(first.text.string.prefix(20))\" and \"\(second.text.string.prefix(20))\" are drawn over each other")
                }
            }
        }
        // No word broken inside a column wide enough for it, and no number (an authorisation, a
        // FLIK, a date, a quantity) broken at all, not even after its hyphen or slash.
        for text in texts {
            if let broken = brokenWord(in: text, engine: engine) {
                found.append("page \(pageNumber): \"\(broken)\" is broken inside the word in a column of \(Int(text.width ?? 0)) pt")
            }
            if let broken = brokenNumber(in: text, engine: engine) {
                found.append("page \(pageNumber): the number \"\(broken)\" is broken in a column of \(Int(text.width ?? 0)) pt")
            }
        }
        return found
    }

    /// The box a text's lines take: as wide as its widest line, where its alignment puts it.
    static func inkRect(of text: PlacedText, engine: any TextMeasuring) -> Rect {
        let measured = engine.measure(text.text, width: text.width, alignment: text.alignment, ellipsize: text.ellipsize)
        let lineWidth = min(measured.size.width, text.width ?? measured.size.width)
        let available = text.width ?? lineWidth
        let x = switch text.alignment {
        case .leading: text.origin.x
        case .center: text.origin.x + (available - lineWidth) / 2
        case .trailing: text.origin.x + available - lineWidth
        }
        return Rect(x: x, y: text.origin.y, width: lineWidth, height: text.size.height)
    }

    /// The first word that a line break cuts although the engine promises to keep it whole (every
    /// word up to ``Text/longestUnbreakableWord`` ems).
    static func brokenWord(in text: PlacedText, engine: any TextMeasuring) -> String? {
        for cut in cutWords(in: text, engine: engine) {
            // A break after a hyphen is between words.
            guard cut.before != 0x2D else { continue }
            // After an en or em dash Unicode allows a break (UAX #14, class BA/B2), as after a
            // hyphen: "1–\n853" is broken between words, as the engine's break marks hold too.
            if cut.head.hasSuffix("–") || cut.head.hasSuffix("—") { continue }
            // The engine gives every column at least its longest word up to 12 em, so a break
            // inside such a word means a column was crushed; longer words may break anywhere.
            if cut.width <= Text.longestUnbreakableWord * cut.size { return cut.word }
        }
        return nil
    }

    /// A word with a digit, of a real number's length (up to 16 em: a FLIK, an authorisation, a
    /// date with its time), that a line break cuts, after its hyphen or slash too ("024485-|00").
    static func brokenNumber(in text: PlacedText, engine: any TextMeasuring) -> String? {
        for cut in cutWords(in: text, engine: engine) {
            // A range's dash ("1–2") and a hyphenated compound of words are for words to break at.
            guard cut.head.contains(where: \.isNumber), cut.tail.contains(where: \.isNumber),
                  !cut.head.hasSuffix("–"), !cut.head.hasSuffix("—") else { continue }
            if cut.width <= 16 * cut.size { return cut.word }
        }
        return nil
    }

    /// Each word a line break of `text` falls inside (not at a space or a line feed): the whole
    /// word, its part before and after the break, the byte before the break, and its width.
    private static func cutWords(in text: PlacedText, engine: any TextMeasuring)
        -> [(word: String, head: String, tail: String, before: UInt8, width: Double, size: Double)] {
        guard let width = text.width, !text.ellipsize else { return [] }
        let lines = engine.measure(text.text, width: width, alignment: text.alignment, ellipsize: false).lines
        let bytes = Array(text.text.string.utf8)
        let style = text.text.runs.first?.style ?? TextStyle()
        return lines.dropFirst().compactMap { line in
            guard line.startByte > 0, line.startByte < bytes.count else { return nil }
            let before = bytes[line.startByte - 1]
            guard before != 0x20, before != 0x0A else { return nil }
            var start = line.startByte, end = line.startByte
            while start > 0, bytes[start - 1] != 0x20, bytes[start - 1] != 0x0A { start -= 1 }
            while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x0A { end += 1 }
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            let wordWidth = engine.measure(StyledText(word, style: style), width: nil, alignment: .leading, ellipsize: false).size.width
            return (word, String(decoding: bytes[start..<line.startByte], as: UTF8.self), String(decoding: bytes[line.startByte..<end], as: UTF8.self),
                    before, wordWidth, style.size)
        }
    }

    static func rect(of text: PlacedText) -> Rect {
        Rect(x: text.origin.x, y: text.origin.y, width: text.width ?? text.size.width, height: text.size.height)
    }

    static func bounds(of command: DrawCommand) -> Rect? {
        switch command {
        case .text(let text): return text.text.isEmpty ? nil : rect(of: text)
        case .fill(let path, _), .stroke(let path, _, _): return bounds(of: path)
        case .image(let image): return image.rect
        case .modules(let modules): return modules.rect
        case .link(let rect, _, _): return rect
        case .destination, .beginStructure, .endStructure: return nil
        }
    }

    static func bounds(of path: Path) -> Rect? {
        let points = path.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let point), .line(let point): [point]
            case .curve(let a, let b, let c): [a, b, c]
            case .close: []
            }
        }
        guard let first = points.first else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x); minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func describe(_ command: DrawCommand) -> String {
        switch command {
        case .text(let text): "the text \"\(text.text.string.prefix(30))\""
        case .fill: "a fill"
        case .stroke: "a line"
        case .image: "an image"
        case .modules: "a QR code"
        case .link: "a link"
        default: "a command"
        }
    }
}
