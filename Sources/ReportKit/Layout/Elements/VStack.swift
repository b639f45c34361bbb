/// Children one under another. Splits between children (or inside one that can split) when the
/// space runs out; moves keep-together children whole, and never leaves a heading last on a page.
public struct VStack: Element {
    public var children: [any Element]
    public var spacing: Double

    public init(spacing: Double = 0, _ children: [any Element]) {
        self.children = children
        self.spacing = spacing
    }

    public func naturalWidth(context: LayoutContext) -> Double {
        children.map { $0.naturalWidth(context: context) }.max() ?? 0
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        var items: [Block.Item] = []
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
                placedAny = true
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

/// How wide a child of an ``HStack`` (or a table column) is.
public enum ColumnWidth: Sendable, Hashable {
    /// Exactly this many points.
    case fixed(Double)
    /// This share of the width left after fixed and natural widths (shares are relative to each other).
    case fraction(Double)
    /// As wide as its content wants.
    case natural
    /// In a table: as wide as its values (body and total cells) want; the header wraps to fit,
    /// but is never narrower than its longest word. Elsewhere the same as `natural`.
    case values
}

/// Children side by side. When any child does not fit, each child splits at the same height and
/// the rest continues on the next page side by side again.
public struct HStack: Element {
    public struct Item: Sendable {
        public var element: any Element
        public var width: ColumnWidth

        public init(_ element: any Element, width: ColumnWidth = .fraction(1)) {
            self.element = element
            self.width = width
        }
    }

    /// Where children shorter than the row sit.
    public enum Alignment: Sendable {
        case top
        case center
        case bottom
        /// Boxes grow to the row's height (cards side by side end level); other children sit at the top.
        case stretch
    }

    public var items: [Item]
    public var spacing: Double
    public var alignment: Alignment

    public init(spacing: Double = 0, alignment: Alignment = .top, _ items: [Item]) {
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
    }

    /// A row of cards moves whole, like one card.
    public var keepsTogether: Bool { items.contains { $0.element.keepsTogether } }

    public func naturalWidth(context: LayoutContext) -> Double {
        items.map { item in
            if case .fixed(let width) = item.width { return width }
            return item.element.naturalWidth(context: context)
        }.reduce(0, +) + spacing * Double(max(0, items.count - 1))
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let widths = ColumnWidths.resolve(items.map(\.width), total: space.width, spacing: spacing) { index in
            items[index].element.naturalWidth(context: context)
        }
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
        return split ? .partial(block, remainder: HStack(spacing: spacing, alignment: alignment, remainders)) : .complete(block)
    }
}

/// Shares a width out among columns.
enum ColumnWidths {
    static func resolve(_ widths: [ColumnWidth], total: Double, spacing: Double, natural: (Int) -> Double) -> [Double] {
        let available = max(0, total - spacing * Double(max(0, widths.count - 1)))
        var resolved = widths.enumerated().map { index, width -> Double in
            switch width {
            case .fixed(let points): points
            case .natural, .values: natural(index)
            case .fraction: 0
            }
        }
        let left = max(0, available - resolved.reduce(0, +))
        let shares = widths.map { width -> Double in
            if case .fraction(let share) = width { return max(0, share) }
            return 0
        }
        let totalShares = shares.reduce(0, +)
        if totalShares > 0 {
            for index in resolved.indices where shares[index] > 0 {
                resolved[index] = left * shares[index] / totalShares
            }
        }
        return resolved
    }
}
