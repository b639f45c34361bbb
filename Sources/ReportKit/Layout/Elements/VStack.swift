/// Children one under another. Splits between children (or inside one that can split) when the
/// space runs out; moves keep-together children whole, and never leaves a heading last on a page.
package struct VStack: Element {
    public var children: [any Element]
    public var spacing: Double

    public init(spacing: Double = 0, _ children: [any Element]) {
        self.children = children
        self.spacing = spacing
    }

    /// A heading block (a heading and the lines of text that go with it, such as a section's
    /// holding and its operators) stays with what follows, as its heading alone would.
    public var keepsWithNext: Bool {
        // Decided at the first child that is neither text nor kept with the next: a stack of a
        // thousand loads is asked once a page, and must not ask each of them.
        var heading = false
        for child in children {
            if child is Spacer { continue }
            if let text = child as? Text {
                heading = heading || text.keepsWithNext
                continue
            }
            guard child.keepsWithNext else { return false }
            heading = true
        }
        return heading
    }

    public func naturalWidth(context: LayoutContext) -> Double {
        children.map { $0.naturalWidth(context: context) }.max() ?? 0
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        children.map { $0.minimumWidth(context: context) }.max() ?? 0
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        var items: [Block.Item] = []
        items.reserveCapacity(children.count)
        var y = 0.0
        var placedAny = false

        func placed(height: Double) -> Block {
            Block(size: Size(width: space.width, height: height), items: items)
        }

        for (index, child) in children.enumerated() {
            let top = placedAny ? y + spacing : y
            let available = Size(width: space.width, height: max(0, space.height - top))
            // A slice: copying the rest for every child would make a long stack quadratic.
            let rest = children[(index + 1)...]
            let childContext = context.below(placed: placedAny)
            var placement = try child.layout(in: available, context: childContext)

            // Keep-together content goes whole to the next page, unless it already starts one.
            if case .partial = placement, child.keepsTogether, !childContext.atPageTop {
                placement = .nothing
            }
            // A heading must be followed by something on the same page: its next element that is
            // more than space (a spacer after a heading must not count as its content).
            if case .complete(let block) = placement, child.keepsWithNext, !childContext.atPageTop,
               let next = rest.firstIndex(where: { !($0 is Spacer) }) {
                let spacers = rest[..<next].reduce(0.0) { $0 + (($1 as? Spacer)?.height ?? 0) + spacing }
                let below = Size(width: space.width, height: max(0, available.height - block.size.height - spacing - spacers))
                if case .nothing = try rest[next].layout(in: below, context: childContext.below(placed: true)) { placement = .nothing }
            }

            switch placement {
            case .complete(let block):
                items.append(.block(block, at: Point(x: 0, y: top)))
                y = top + block.size.height
                // Nothing drawn and no height (what a page break leaves, an empty spacer) is not
                // content: the next child still starts the page, without spacing above it.
                placedAny = placedAny || block.size.height > 0 || !block.isEmpty
            case .partial(let block, let remainder):
                items.append(.block(block, at: Point(x: 0, y: top)))
                return .partial(placed(height: top + block.size.height), remainder: VStack(spacing: spacing, [remainder] + Array(rest)))
            case .nothing:
                guard placedAny else { return .nothing }
                return .partial(placed(height: y), remainder: VStack(spacing: spacing, [child] + Array(rest)))
            }
        }
        return .complete(placed(height: y))
    }
}
