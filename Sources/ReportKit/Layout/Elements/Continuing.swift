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
            return .partial(block, remainder: Continuing(VStack(spacing: 0, [heading, remainder]), heading: heading))
        case let placement:
            return placement
        }
    }
}
