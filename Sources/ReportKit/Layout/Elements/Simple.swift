/// Empty vertical space. At a page break it shrinks to what is left rather than pushing content on.
package struct Spacer: Element {
    public var height: Double

    public init(_ height: Double) {
        self.height = height
    }

    public func naturalWidth(context: LayoutContext) -> Double { 0 }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        .complete(Block(size: Size(width: space.width, height: min(height, max(0, space.height)))))
    }
}

/// A horizontal rule across the width.
package struct Divider: Element {
    public var color: Color
    public var thickness: Double
    /// Space above and below the rule.
    public var margin: Double

    public init(color: Color, thickness: Double = 1, margin: Double = 0) {
        self.color = color
        self.thickness = thickness
        self.margin = margin
    }

    public func naturalWidth(context: LayoutContext) -> Double { 0 }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let height = thickness + 2 * margin
        guard height <= space.height + 1e-6 else { return .nothing }
        let y = margin + thickness / 2
        return .complete(Block(size: Size(width: space.width, height: height), commands: [
            .stroke(.line(from: Point(x: 0, y: y), to: Point(x: space.width, y: y)), color, lineWidth: thickness),
        ]))
    }
}

/// Ends the page: what follows starts on the next one.
package struct PageBreak: Element {
    public init() {}

    public func naturalWidth(context: LayoutContext) -> Double { 0 }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        .partial(Block(size: Size(width: space.width, height: 0)), remainder: Spacer(0))
    }
}

/// Moves its content whole to the next page rather than splitting it (unless it is taller than a page).
package struct KeepTogether: Element {
    public var content: any Element

    public init(_ content: any Element) {
        self.content = content
    }

    public var keepsTogether: Bool { true }

    public func naturalWidth(context: LayoutContext) -> Double { content.naturalWidth(context: context) }
    public func minimumWidth(context: LayoutContext) -> Double { content.minimumWidth(context: context) }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        try content.layout(in: space, context: context)
    }
}

/// Vector drawing of a fixed size (tank gauges, simple charts). Commands are in the drawing's own
/// coordinates, from its top-left corner. With alternative text it is a Figure that a screen reader
/// reads out; without, it is decoration (an artifact).
package struct Drawing: Element {
    public var size: Size
    public var commands: [DrawCommand]
    /// What the drawing shows, in words, made from the data ("Load 1 of 3, full: …").
    public var alternativeText: String?

    public init(size: Size, commands: [DrawCommand], alternativeText: String? = nil) {
        self.size = size
        self.commands = commands
        self.alternativeText = alternativeText
    }

    public var keepsTogether: Bool { true }

    public func naturalWidth(context: LayoutContext) -> Double { size.width }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        // A drawing cannot shrink: wider than its frame, it would be drawn past it.
        guard size.width <= space.width + 0.01 else {
            throw LayoutError.tooWide("a drawing", what: "its \(Int(size.width.rounded())) pt", needs: size.width, has: space.width)
        }
        guard size.height <= space.height + 1e-6 else { return .nothing }
        guard let alternativeText else { return .complete(Block(size: size, commands: commands)) }
        return .complete(Block(size: size, commands: [.beginStructure(.figure, StructureDetails(alternativeText: alternativeText))]
                                   + commands + [.endStructure(.figure)]))
    }
}

/// A PNG image, scaled to fit the width it is given (never enlarged past `maximumWidth`).
package struct Image: Element {
    public var png: [UInt8]
    public var pixelSize: Size
    public var maximumWidth: Double
    /// What the image shows, in words; nil makes it decoration (an artifact).
    public var alternativeText: String?

    /// Reads the image's size from its PNG header; refuses anything that is not a PNG.
    public init(png: [UInt8], maximumWidth: Double, alternativeText: String? = nil) throws(LayoutError) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 24, Array(png[0..<8]) == signature, Array(png[12..<16]) == Array("IHDR".utf8) else {
            throw LayoutError("the image is not a PNG file")
        }
        func bigEndian(_ offset: Int) -> Double {
            Double(png[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        let size = Size(width: bigEndian(16), height: bigEndian(20))
        guard size.width > 0, size.height > 0 else { throw LayoutError("the PNG image has no pixels") }
        self.png = png
        self.pixelSize = size
        self.maximumWidth = maximumWidth
        self.alternativeText = alternativeText
    }

    public var keepsTogether: Bool { true }

    public func naturalWidth(context: LayoutContext) -> Double { min(maximumWidth, pixelSize.width) }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        let width = min(space.width, maximumWidth)
        let height = width * pixelSize.height / pixelSize.width
        guard height <= space.height + 1e-6 else { return .nothing }
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        let image = DrawCommand.image(PlacedImage(rect: rect, png: png))
        guard let alternativeText else { return .complete(Block(size: rect.size, commands: [image])) }
        return .complete(Block(size: rect.size, commands: [
            .beginStructure(.figure, StructureDetails(alternativeText: alternativeText)), image, .endStructure(.figure),
        ]))
    }
}
