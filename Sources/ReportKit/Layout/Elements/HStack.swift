/// Children side by side. When any child does not fit, each child splits at the same height and
/// the rest continues on the next page side by side again.
package struct HStack: Element {
    package struct Item: Sendable {
        public var element: any Element
        public var width: ColumnWidth

        public init(_ element: any Element, width: ColumnWidth = .fraction(1)) {
            self.element = element
            self.width = width
        }
    }

    /// Where children shorter than the row sit.
    package enum Alignment: Sendable {
        case top
        case center
        case bottom
        /// Boxes grow to the row's height (cards side by side end level); other children sit at the top.
        case stretch
    }

    public var items: [Item]
    public var spacing: Double
    public var alignment: Alignment

    /// Where the row comes from (a template file and node), for the error when its children
    /// cannot fit side by side.
    public var origin: String?

    public init(spacing: Double = 0, alignment: Alignment = .top, origin: String? = nil, _ items: [Item]) {
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
        self.origin = origin
    }

    /// A row of cards moves whole, like one card.
    public var keepsTogether: Bool { items.contains { $0.element.keepsTogether } }

    public func naturalWidth(context: LayoutContext) -> Double {
        items.map { item in
            if case .fixed(let width) = item.width { return width }
            return item.element.naturalWidth(context: context)
        }.reduce(0, +) + spacing * Double(max(0, items.count - 1))
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        items.map { item in
            if case .fixed(let width) = item.width { return width }
            return item.element.minimumWidth(context: context)
        }.reduce(0, +) + spacing * Double(max(0, items.count - 1))
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let resolution = ColumnWidths.resolve(items.map(\.width), total: space.width, spacing: spacing,
                                              natural: { items[$0].element.naturalWidth(context: context) },
                                              minimum: { items[$0].element.minimumWidth(context: context) })
        guard resolution.fits else {
            throw LayoutError.tooWide(origin ?? "a row", what: "its contents side by side", needs: resolution.minimumTotal, has: space.width)
        }
        let widths = resolution.widths
        var placed: [(x: Double, block: Block)] = []
        var remainders: [Item] = []
        var split = false
        var x = 0.0
        for (item, width) in zip(items, widths) {
            switch try item.element.layout(in: Size(width: width, height: space.height), context: context) {
            case .complete(let block):
                placed.append((x, block))
                remainders.append(Item(Spacer(0), width: .fixed(width)))
            case .partial(let block, let remainder):
                // A card (or anything that keeps together) beside others moves the whole row on.
                if item.element.keepsTogether, !context.atPageTop { return .nothing }
                placed.append((x, block))
                remainders.append(Item(remainder, width: .fixed(width)))
                split = true
            case .nothing:
                return .nothing
            }
            x += width + spacing
        }
        let height = placed.map(\.block.size.height).max() ?? 0
        if alignment == .stretch, !split {
            for index in placed.indices where placed[index].block.size.height < height {
                guard var box = items[index].element as? Box else { continue }
                box.minimumHeight = height
                if case .complete(let block) = try box.layout(in: Size(width: widths[index], height: space.height), context: context) {
                    placed[index].block = block
                }
            }
        }
        let share = switch alignment {
        case .top, .stretch: 0.0
        case .center: 0.5
        case .bottom: 1.0
        }
        let children = placed.map { x, block in Block.Item.block(block, at: Point(x: x, y: (height - block.size.height) * share)) }
        let block = Block(size: Size(width: space.width, height: height), items: children)
        return split ? .partial(block, remainder: HStack(spacing: spacing, alignment: alignment, origin: origin, remainders)) : .complete(block)
    }
}
