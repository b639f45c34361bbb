/// What tells a product's band in a tank drawing apart from its neighbours when the page is
/// printed in black and white: its colour, and over it one of five patterns of white lines (none,
/// diagonal, horizontal, vertical, crossed), in the product's order; the legend shows the same
/// pattern and the product's number. Two neighbouring products never share a pattern, whatever
/// their colours turn to in grey.
enum BandPattern {
    static let kinds = 5
    private static let ink = Color(red: 1, green: 1, blue: 1)

    /// `rect` filled with `color` and the pattern of product `index` (from 0).
    static func commands(index: Int, in rect: Rect, color: Color) -> [DrawCommand] {
        var commands: [DrawCommand] = [.fill(.rectangle(rect), color)]
        guard rect.width > 0, rect.height > 0 else { return commands }
        switch index % kinds {
        case 1: commands += diagonals(in: rect, rising: true)
        case 2: commands += stripes(in: rect)
        case 3: commands += verticals(in: rect)
        case 4: commands += diagonals(in: rect, rising: true) + diagonals(in: rect, rising: false)
        default: break
        }
        return commands
    }

    /// The legend's square for product `index`: a character drawn like its pattern (U+25A0,
    /// U+25A8, U+25A4, U+25A5, U+25A9), so a legend stays one line of text that wraps.
    static func symbol(index: Int) -> String {
        ["■", "▨", "▤", "▥", "▩"][index % kinds]
    }

    private static let spacing = 2.8
    private static let line = 0.7

    /// Lines at 45° across `rect`, cut to its edges.
    private static func diagonals(in rect: Rect, rising: Bool) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        // Lines x ∓ y = c; c runs so that every line crossing the rectangle is drawn.
        var c = -rect.height
        while c < rect.width {
            var points: [Point] = []
            // Where the line meets each edge, in the rectangle's own coordinates.
            let candidates: [(Double, Double)] = rising
                ? [(c, 0), (c + rect.height, rect.height), (0, -c), (rect.width, rect.width - c)]
                : [(c, rect.height), (c + rect.height, 0), (0, rect.height + c), (rect.width, rect.height + c - rect.width)]
            for (x, y) in candidates where x >= -1e-9 && x <= rect.width + 1e-9 && y >= -1e-9 && y <= rect.height + 1e-9 {
                let point = Point(x: rect.minX + x, y: rect.minY + y)
                if !points.contains(where: { abs($0.x - point.x) < 1e-6 && abs($0.y - point.y) < 1e-6 }) { points.append(point) }
            }
            if points.count >= 2 { commands.append(.stroke(.line(from: points[0], to: points[1]), ink, lineWidth: line)) }
            c += spacing * 1.5
        }
        return commands
    }

    /// Horizontal lines: a thin band still shows one.
    private static func stripes(in rect: Rect) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var y = rect.minY + min(spacing / 2, rect.height / 2)
        while y < rect.maxY {
            commands.append(.stroke(.line(from: Point(x: rect.minX, y: y), to: Point(x: rect.maxX, y: y)), ink, lineWidth: line * 0.8))
            y += spacing
        }
        return commands
    }

    /// Vertical lines.
    private static func verticals(in rect: Rect) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var x = rect.minX + spacing / 2
        while x < rect.maxX {
            commands.append(.stroke(.line(from: Point(x: x, y: rect.minY), to: Point(x: x, y: rect.maxY)), ink, lineWidth: line))
            x += spacing
        }
        return commands
    }
}
