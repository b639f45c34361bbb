/// A key (a small drawing, a legend's square) before a text whose lines run beside it. Unlike a
/// row of the two, it never refuses a narrow column: the key takes its room from the text, whose
/// longest word then breaks as any word too long for its column does.
package struct Keyed: Element {
    public var key: Drawing
    public var text: Text
    public var spacing: Double

    public init(_ key: Drawing, spacing: Double, _ text: Text) {
        self.key = key
        self.text = text
        self.spacing = spacing
    }

    public var keepsTogether: Bool { true }

    private var indent: Double { key.size.width + spacing }

    public func naturalWidth(context: LayoutContext) -> Double {
        indent + text.naturalWidth(context: context)
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        max(text.minimumWidth(context: context), indent + 1)
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let width = max(1, space.width - indent)
        guard case .complete(let keyBlock) = try key.layout(in: Size(width: key.size.width, height: space.height), context: context),
              case .complete(let textBlock) = try text.layout(in: Size(width: width, height: space.height), context: context) else {
            return .nothing
        }
        let size = Size(width: indent + textBlock.size.width, height: max(keyBlock.size.height, textBlock.size.height))
        return .complete(Block(size: size, items: [.block(keyBlock, at: .zero), .block(textBlock, at: Point(x: indent, y: 0))]))
    }
}
