/// Children side by side at their natural widths, wrapping onto a new line when the next one
/// would pass the right edge (tank drawings: as many on a line as fit, never off the page).
package struct Flow: Element {
    public var children: [any Element]
    public var spacing: Double
    /// Space between lines.
    public var lineSpacing: Double

    /// Whether its lines may go on over pages (a legend of twenty long names), or the whole
    /// moves to the next page as one (a row of tank drawings).
    public var splitsBetweenLines: Bool

    public init(spacing: Double, lineSpacing: Double, splitsBetweenLines: Bool = false, _ children: [any Element]) {
        self.children = children
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.splitsBetweenLines = splitsBetweenLines
    }

    public var keepsTogether: Bool { !splitsBetweenLines }

    public func naturalWidth(context: LayoutContext) -> Double {
        children.map { $0.naturalWidth(context: context) }.reduce(0, +) + spacing * Double(max(0, children.count - 1))
    }

    /// The widest child's narrowest form: a child wider than a line gets the whole line and
    /// wraps inside it (a tank whose note lists twenty amounts).
    public func minimumWidth(context: LayoutContext) -> Double {
        children.map { $0.minimumWidth(context: context) }.max() ?? 0
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        var items: [Block.Item] = []
        items.reserveCapacity(children.count)
        var x = 0.0, y = 0.0, lineHeight = 0.0
        // Where the line being laid out starts, for a split before it.
        var lineStart = (child: 0, item: 0)
        for (index, child) in children.enumerated() {
            let width = min(child.naturalWidth(context: context), space.width)
            if x > 0, x + width > space.width + 0.01 {
                // A full line past the space: the lines before it here, the rest on the next page.
                if splitsBetweenLines, y + lineHeight > space.height + 1e-6, lineStart.child > 0 {
                    return split(items: Array(items[..<lineStart.item]), height: y - lineSpacing, width: space.width, restFrom: lineStart.child)
                }
                y += lineHeight + lineSpacing
                x = 0
                lineHeight = 0
                lineStart = (index, items.count)
            }
            guard case .complete(let block) = try child.layout(in: Size(width: width, height: .infinity), context: context) else {
                return .nothing
            }
            items.append(.block(block, at: Point(x: x, y: y)))
            x += width + spacing
            lineHeight = max(lineHeight, block.size.height)
        }
        let height = y + lineHeight
        if height > space.height + 1e-6, splitsBetweenLines, lineStart.child > 0 {
            return split(items: Array(items[..<lineStart.item]), height: y - lineSpacing, width: space.width, restFrom: lineStart.child)
        }
        guard height <= space.height + 1e-6 else { return .nothing }
        return .complete(Block(size: Size(width: space.width, height: height), items: items))
    }

    /// The lines laid out so far, and the children from `restFrom` on as the rest.
    private func split(items: [Block.Item], height: Double, width: Double, restFrom: Int) -> Placement {
        var rest = self
        rest.children = Array(children[restFrom...])
        return .partial(Block(size: Size(width: width, height: height), items: items), remainder: rest)
    }
}
