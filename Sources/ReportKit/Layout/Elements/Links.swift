/// Marks where its content starts as a named destination, for internal links and the outline.
package struct Anchor: Element {
    public var name: String
    public var content: any Element

    public init(_ name: String, _ content: any Element) {
        self.name = name
        self.content = content
    }

    public var keepsTogether: Bool { content.keepsTogether }
    public var keepsWithNext: Bool { content.keepsWithNext }

    public func naturalWidth(context: LayoutContext) -> Double { content.naturalWidth(context: context) }
    public func minimumWidth(context: LayoutContext) -> Double { content.minimumWidth(context: context) }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let mark = DrawCommand.destination(name: name, at: .zero)
        switch try content.layout(in: space, context: context) {
        case .complete(let block): return .complete(Block(size: block.size, items: [.command(mark)] + block.items))
        // Only the first part carries the destination; the remainder is the plain content.
        case .partial(let block, let remainder): return .partial(Block(size: block.size, items: [.command(mark)] + block.items), remainder: remainder)
        case .nothing: return .nothing
        }
    }
}

/// Makes its content a link, to a web address or to a destination in the document.
package struct Linked: Element {
    public var target: LinkTarget
    public var content: any Element

    public init(_ target: LinkTarget, _ content: any Element) {
        self.target = target
        self.content = content
    }

    public var keepsTogether: Bool { true }

    public func naturalWidth(context: LayoutContext) -> Double { content.naturalWidth(context: context) }
    public func minimumWidth(context: LayoutContext) -> Double { content.minimumWidth(context: context) }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        switch try content.layout(in: space, context: context) {
        case .complete(let block): return .complete(linked(block))
        // Kept together where it can be; a link taller than a page (a cover's line of a job with
        // twenty long product names) is split, each part a link to the same place.
        case .partial(let block, let remainder): return .partial(linked(block), remainder: Linked(target, remainder))
        case .nothing: return .nothing
        }
    }

    private func linked(_ block: Block) -> Block {
        // The link's own words say where it goes; a link without words says its address.
        let words = block.commands.compactMap { command -> String? in
            if case .text(let placed) = command { return placed.text.string }
            return nil
        }.joined(separator: " ")
        let description = words.isEmpty ? target.address : words
        let link = DrawCommand.link(Rect(x: 0, y: 0, width: block.size.width, height: block.size.height), target, description: description)
        // A PDF link annotation belongs inside a structure element (and cairo 1.16 writes a broken
        // reference otherwise): put it inside the content's first one, or give it a paragraph.
        var commands = block.commands
        if let end = commands.firstIndex(where: { if case .endStructure = $0 { true } else { false } }) {
            commands.insert(link, at: end)
        } else {
            commands = [.beginStructure(.paragraph)] + commands + [link, .endStructure(.paragraph)]
        }
        return Block(size: block.size, commands: commands)
    }
}

extension LinkTarget {
    /// The web address, or the destination's name.
    var address: String {
        switch self {
        case .uri(let uri): uri
        case .internalDestination(let name): name
        }
    }
}
