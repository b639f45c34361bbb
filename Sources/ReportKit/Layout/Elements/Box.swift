/// A box around content: padding, background, border and rounded corners. A card is a box that
/// keeps together.
package struct Box: Element {
    public var content: any Element
    public var padding: EdgeInsets
    public var background: Color?
    public var border: Color?
    public var borderWidth: Double
    public var cornerRadius: Double
    public var keepsTogether: Bool
    /// Only as wide as its content (a badge), rather than the whole width it is given.
    public var hugsContent: Bool
    /// At least this tall (cards in a row made level); the content stays at the top.
    public var minimumHeight: Double = 0

    public init(_ content: any Element, padding: EdgeInsets = .zero, background: Color? = nil, border: Color? = nil,
                borderWidth: Double = 1, cornerRadius: Double = 0, keepsTogether: Bool = false, hugsContent: Bool = false) {
        self.hugsContent = hugsContent
        self.content = content
        self.padding = padding
        self.background = background
        self.border = border
        self.borderWidth = borderWidth
        self.cornerRadius = cornerRadius
        self.keepsTogether = keepsTogether
    }

    public func naturalWidth(context: LayoutContext) -> Double {
        content.naturalWidth(context: context) + padding.horizontal
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        content.minimumWidth(context: context) + padding.horizontal
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        var space = space
        // Half a point more than measured, so rounding never wraps the last word.
        if hugsContent { space.width = min(space.width, naturalWidth(context: context) + 0.5) }
        let inner = Size(width: max(0, space.width - padding.horizontal), height: space.height - padding.vertical)
        guard inner.height >= 0 else { return .nothing }
        switch try content.layout(in: inner, context: context) {
        case .complete(let block):
            return .complete(frame(block, width: space.width))
        case .partial(let block, let remainder):
            var rest = self
            rest.content = remainder
            return .partial(frame(block, width: space.width), remainder: rest)
        case .nothing:
            return .nothing
        }
    }

    private func frame(_ block: Block, width: Double) -> Block {
        let size = Size(width: width, height: max(minimumHeight, block.size.height + padding.vertical))
        let outline = Path.roundedRectangle(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: cornerRadius)
        var items: [Block.Item] = []
        items.reserveCapacity(3)
        if let background { items.append(.command(.fill(outline, background))) }
        items.append(.block(block, at: Point(x: padding.left, y: padding.top)))
        if let border, borderWidth > 0, !borderIsInvisible(border) {
            // Stroke inside the box so its outer edge is where the layout says it is.
            let half = borderWidth / 2
            let inset = Path.roundedRectangle(Rect(x: half, y: half, width: size.width - borderWidth, height: size.height - borderWidth),
                                              radius: max(0, cornerRadius - half))
            items.append(.command(.stroke(inset, border, lineWidth: borderWidth)))
        }
        return Block(size: size, items: items)
    }

    /// An opaque border in the opaque colour of the background it lies on, clear of the content
    /// (inside the padding), paints nothing that can be seen: it is left out rather than written
    /// as a second outline of the box (a theme may give cards a border of their own colour).
    private func borderIsInvisible(_ border: Color) -> Bool {
        guard let background, border == background, border.alpha == 1 else { return false }
        return min(padding.top, padding.left, padding.bottom, padding.right) >= borderWidth
    }
}
