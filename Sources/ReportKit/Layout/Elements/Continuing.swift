/// Content that, when it splits across pages, starts its continuation with a heading of its own
/// ("Load 3 of 5, continued"), so a page never begins with content nobody can place.
package struct Continuing: Element {
    public var content: any Element
    /// Put before the rest of the content on each following page.
    public var heading: any Element

    public init(_ content: any Element, heading: any Element) {
        self.content = content
        self.heading = heading
    }

    public var keepsTogether: Bool { content.keepsTogether }
    public var keepsWithNext: Bool { content.keepsWithNext }

    public func naturalWidth(context: LayoutContext) -> Double {
        max(content.naturalWidth(context: context), heading.naturalWidth(context: context))
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        max(content.minimumWidth(context: context), heading.minimumWidth(context: context))
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        switch try content.layout(in: space, context: context) {
        case .partial(let block, let remainder):
            return .partial(block, remainder: Continuing(Headed(heading: heading, content: remainder), heading: heading))
        case let placement:
            return placement
        }
    }
}

/// The rest of continued content under its heading. The heading is the page's furniture, not
/// content: what follows it is laid out as at the top of the page, so a row that fits on no page
/// below the heading splits there, rather than moving on to the next page's heading, and the next.
private struct Headed: Element {
    var heading: any Element
    var content: any Element

    var keepsTogether: Bool { content.keepsTogether }

    func naturalWidth(context: LayoutContext) -> Double {
        max(content.naturalWidth(context: context), heading.naturalWidth(context: context))
    }

    func minimumWidth(context: LayoutContext) -> Double {
        max(content.minimumWidth(context: context), heading.minimumWidth(context: context))
    }

    func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        guard case .complete(let top) = try heading.layout(in: space, context: context) else { return .nothing }
        let below = Size(width: space.width, height: max(0, space.height - top.size.height))
        func stacked(_ block: Block) -> Block {
            Block(size: Size(width: space.width, height: top.size.height + block.size.height),
                  items: [.block(top, at: Point(x: 0, y: 0)), .block(block, at: Point(x: 0, y: top.size.height))])
        }
        switch try content.layout(in: below, context: context) {
        case .complete(let block): return .complete(stacked(block))
        case .partial(let block, let rest): return .partial(stacked(block), remainder: rest)
        case .nothing: return .nothing
        }
    }
}
