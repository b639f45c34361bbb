/// A box around content: padding, background, border and rounded corners. A card is a box that
/// keeps together.
public struct Box: Element {
    public var content: any Element
    public var padding: EdgeInsets
    public var background: Color?
    public var border: Color?
    public var borderWidth: Double
    public var cornerRadius: Double
    public var keepsTogether: Bool

    public init(_ content: any Element, padding: EdgeInsets = .zero, background: Color? = nil, border: Color? = nil,
                borderWidth: Double = 1, cornerRadius: Double = 0, keepsTogether: Bool = false) {
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

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
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
        let size = Size(width: width, height: block.size.height + padding.vertical)
        let outline = Path.roundedRectangle(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: cornerRadius)
        var commands: [DrawCommand] = []
        if let background { commands.append(.fill(outline, background)) }
        commands += block.commands.map { $0.offset(by: Point(x: padding.left, y: padding.top)) }
        if let border, borderWidth > 0 {
            // Stroke inside the box so its outer edge is where the layout says it is.
            let half = borderWidth / 2
            let inset = Path.roundedRectangle(Rect(x: half, y: half, width: size.width - borderWidth, height: size.height - borderWidth),
                                              radius: max(0, cornerRadius - half))
            commands.append(.stroke(inset, border, lineWidth: borderWidth))
        }
        return Block(size: size, commands: commands)
    }
}

/// Marks where its content starts as a named destination, for internal links and the outline.
public struct Anchor: Element {
    public var name: String
    public var content: any Element

    public init(_ name: String, _ content: any Element) {
        self.name = name
        self.content = content
    }

    public var keepsTogether: Bool { content.keepsTogether }
    public var keepsWithNext: Bool { content.keepsWithNext }

    public func naturalWidth(context: LayoutContext) -> Double { content.naturalWidth(context: context) }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let mark = DrawCommand.destination(name: name, at: .zero)
        switch try content.layout(in: space, context: context) {
        case .complete(let block): return .complete(Block(size: block.size, commands: [mark] + block.commands))
        // Only the first part carries the destination; the remainder is the plain content.
        case .partial(let block, let remainder): return .partial(Block(size: block.size, commands: [mark] + block.commands), remainder: remainder)
        case .nothing: return .nothing
        }
    }
}

/// Makes its content a link, to a web address or to a destination in the document.
public struct Linked: Element {
    public var target: LinkTarget
    public var content: any Element

    public init(_ target: LinkTarget, _ content: any Element) {
        self.target = target
        self.content = content
    }

    public var keepsTogether: Bool { true }

    public func naturalWidth(context: LayoutContext) -> Double { content.naturalWidth(context: context) }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        guard case .complete(let block) = try content.layout(in: space, context: context) else { return .nothing }
        let link = DrawCommand.link(Rect(x: 0, y: 0, width: block.size.width, height: block.size.height), target)
        // A PDF link annotation belongs inside a structure element (and cairo 1.16 writes a broken
        // reference otherwise): put it inside the content's first one, or give it a paragraph.
        var commands = block.commands
        if let end = commands.firstIndex(where: { if case .endStructure = $0 { true } else { false } }) {
            commands.insert(link, at: end)
        } else {
            commands = [.beginStructure(.paragraph)] + commands + [link, .endStructure(.paragraph)]
        }
        return .complete(Block(size: block.size, commands: commands))
    }
}
