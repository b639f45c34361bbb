/// Children side by side at their natural widths, wrapping onto a new line when the next one
/// would pass the right edge (tank drawings: as many on a line as fit, never off the page).
package struct Flow: Element {
    public var children: [any Element]
    public var spacing: Double
    /// Space between lines.
    public var lineSpacing: Double

    public init(spacing: Double, lineSpacing: Double, _ children: [any Element]) {
        self.children = children
        self.spacing = spacing
        self.lineSpacing = lineSpacing
    }

    public var keepsTogether: Bool { true }

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
        for child in children {
            let width = min(child.naturalWidth(context: context), space.width)
            if x > 0, x + width > space.width + 0.01 {
                y += lineHeight + lineSpacing
                x = 0
                lineHeight = 0
            }
            guard case .complete(let block) = try child.layout(in: Size(width: width, height: .infinity), context: context) else {
                return .nothing
            }
            items.append(.block(block, at: Point(x: x, y: y)))
            x += width + spacing
            lineHeight = max(lineHeight, block.size.height)
        }
        let height = y + lineHeight
        guard height <= space.height + 1e-6 else { return .nothing }
        return .complete(Block(size: Size(width: space.width, height: height), items: items))
    }
}
