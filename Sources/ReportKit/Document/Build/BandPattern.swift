/// What tells a product's band in a tank drawing apart from the others when the page is printed
/// in black and white: its colour, and over it a pattern of white lines of its own. There are as
/// many patterns as a job may have products (20): ten kinds of lines (none, rising, horizontal,
/// vertical, crossed, falling, grid, dots, rising with vertical, falling with horizontal), fine
/// for the first ten products and bold for the next ten, where "none" becomes a frame. The
/// legend draws the same pattern in a square beside the product's number, so no two products
/// look alike in grey, whatever their colours turn to (the palette repeats every few colours).
enum BandPattern {
    /// Patterns before they repeat: one for each product a job may have.
    static let kinds = 2 * Lines.allCases.count
    private static let ink = Color(red: 1, green: 1, blue: 1)

    private enum Lines: CaseIterable {
        case none, rising, horizontal, vertical, crossed, falling, grid, dots, risingVertical, fallingHorizontal
    }

    /// How dense and heavy a pattern's lines are.
    private struct Weight {
        let spacing: Double
        let line: Double

        static let fine = Weight(spacing: 2.8, line: 0.7)
        static let bold = Weight(spacing: 4.4, line: 1.5)
    }

    /// `rect` filled with `color` and the pattern of product `index` (from 0).
    static func commands(index: Int, in rect: Rect, color: Color) -> [DrawCommand] {
        var commands: [DrawCommand] = [.fill(.rectangle(rect), color)]
        guard rect.width > 0, rect.height > 0 else { return commands }
        let kind = index % kinds
        let lines = Lines.allCases[kind % Lines.allCases.count]
        let bold = kind >= Lines.allCases.count
        let weight = bold ? Weight.bold : Weight.fine
        switch lines {
        case .none:
            if bold { commands += frame(in: rect, weight: weight) }
        case .rising: commands += diagonals(in: rect, rising: true, weight: weight)
        case .horizontal: commands += horizontals(in: rect, weight: weight)
        case .vertical: commands += verticals(in: rect, weight: weight)
        case .crossed: commands += diagonals(in: rect, rising: true, weight: weight) + diagonals(in: rect, rising: false, weight: weight)
        case .falling: commands += diagonals(in: rect, rising: false, weight: weight)
        case .grid: commands += horizontals(in: rect, weight: weight) + verticals(in: rect, weight: weight)
        case .dots: commands += dots(in: rect, weight: weight)
        case .risingVertical: commands += diagonals(in: rect, rising: true, weight: weight) + verticals(in: rect, weight: weight)
        case .fallingHorizontal: commands += diagonals(in: rect, rising: false, weight: weight) + horizontals(in: rect, weight: weight)
        }
        return commands
    }

    /// A line just inside the edge: the bold form of "no lines".
    private static func frame(in rect: Rect, weight: Weight) -> [DrawCommand] {
        let inset = min(weight.line / 2, rect.width / 4, rect.height / 4)
        let inner = Rect(x: rect.minX + inset, y: rect.minY + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset)
        return [.stroke(.rectangle(inner), ink, lineWidth: min(weight.line, rect.height / 2))]
    }

    /// Lines at 45° across `rect`, cut to its edges.
    private static func diagonals(in rect: Rect, rising: Bool, weight: Weight) -> [DrawCommand] {
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
            if points.count >= 2 { commands.append(.stroke(.line(from: points[0], to: points[1]), ink, lineWidth: weight.line)) }
            c += weight.spacing * 1.5
        }
        return commands
    }

    /// Horizontal lines: a thin band still shows one.
    private static func horizontals(in rect: Rect, weight: Weight) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var y = rect.minY + min(weight.spacing / 2, rect.height / 2)
        while y < rect.maxY {
            commands.append(.stroke(.line(from: Point(x: rect.minX, y: y), to: Point(x: rect.maxX, y: y)), ink, lineWidth: weight.line * 0.8))
            y += weight.spacing
        }
        return commands
    }

    /// Vertical lines.
    private static func verticals(in rect: Rect, weight: Weight) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var x = rect.minX + weight.spacing / 2
        while x < rect.maxX {
            commands.append(.stroke(.line(from: Point(x: x, y: rect.minY), to: Point(x: x, y: rect.maxY)), ink, lineWidth: weight.line))
            x += weight.spacing
        }
        return commands
    }

    /// Square dots on a grid, rows offset by half a step; a thin band still shows one row.
    private static func dots(in rect: Rect, weight: Weight) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        let side = min(weight.line * 1.6, rect.height)
        var row = 0
        var y = rect.minY + max(0, min(weight.spacing / 2, rect.height / 2) - side / 2)
        while y + side <= rect.maxY + 1e-9 {
            var x = rect.minX + (row % 2 == 0 ? weight.spacing / 2 : weight.spacing) - side / 2
            while x + side <= rect.maxX + 1e-9 {
                commands.append(.fill(.rectangle(Rect(x: x, y: y, width: side, height: side)), ink))
                x += weight.spacing
            }
            y += weight.spacing
            row += 1
        }
        return commands
    }
}
