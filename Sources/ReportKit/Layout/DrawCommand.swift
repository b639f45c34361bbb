/// One thing to draw on a page, positioned in page coordinates (points, y down). Pages are lists
/// of these, independent of Cairo, so a layout can be tested by reading them and rendered to any
/// surface.
package enum DrawCommand: Sendable, Hashable {
    case fill(Path, Color)
    case stroke(Path, Color, lineWidth: Double)
    case text(PlacedText)
    case image(PlacedImage)
    /// A grid of square modules (a QR code's), dark ones in a colour, the light ones left as they are.
    case modules(PlacedModules)
    /// Opens a tagged-PDF structure element (a heading, a paragraph, a table cell …), with what
    /// the finished PDF says about it (a figure's alternative text, a header cell's scope).
    case beginStructure(StructureRole, StructureDetails = .none)
    case endStructure(StructureRole)
    /// A clickable area; it must lie inside a structure element (cairo 1.16 needs that).
    /// `description` says where it goes, for screen readers (the link's /Contents).
    case link(Rect, LinkTarget, description: String = "")
    /// A named place that internal links and outline entries point to.
    case destination(name: String, at: Point)
}

/// A paragraph laid out at a fixed width. The renderer lays it out again with the same text
/// engine, width and options, so it breaks into exactly the lines the layout measured.
package struct PlacedText: Sendable, Hashable {
    public var origin: Point
    public var text: StyledText
    /// The width the text was wrapped to; nil for a single unwrapped line.
    public var width: Double?
    public var alignment: TextAlignment
    /// End the line with "…" instead of wrapping (single-line text).
    public var ellipsize: Bool
    public var size: Size

    public init(origin: Point, text: StyledText, width: Double?, alignment: TextAlignment, ellipsize: Bool, size: Size) {
        self.origin = origin
        self.text = text
        self.width = width
        self.alignment = alignment
        self.ellipsize = ellipsize
        self.size = size
    }
}

/// A grid of square modules filling `rect`, `columns` wide, row by row: `dark[row * columns +
/// column]`. The renderer draws it as one 1-bit image (a stencil mask) with sharp edges at any
/// size: one small image object however many modules, where rectangles cost a path operator each.
package struct PlacedModules: Sendable, Hashable {
    public var rect: Rect
    public var columns: Int
    public var dark: [Bool]
    public var color: Color

    public var rows: Int { columns > 0 ? dark.count / columns : 0 }

    public init(rect: Rect, columns: Int, dark: [Bool], color: Color) {
        self.rect = rect
        self.columns = columns
        self.dark = dark
        self.color = color
    }
}

/// A PNG image drawn into a rectangle.
package struct PlacedImage: Sendable, Hashable {
    public var rect: Rect
    public var png: [UInt8]
}

/// The tagged-PDF roles ReportKit writes (PDF 32000-1, 14.8.4 "Standard structure types").
package enum StructureRole: String, Sendable, Hashable {
    case document = "Document"
    case heading1 = "H1"
    case heading2 = "H2"
    case heading3 = "H3"
    case paragraph = "P"
    case table = "Table"
    case tableHead = "THead"
    case tableBody = "TBody"
    case tableFoot = "TFoot"
    case tableRow = "TR"
    case tableHeader = "TH"
    case tableCell = "TD"
    case figure = "Figure"
}

/// What a structure element carries besides its role, written by the finishing stage (cairo 1.16
/// writes no attributes).
package struct StructureDetails: Sendable, Hashable {
    /// Which cells a table header cell is the header of (PDF 32000-1, 14.8.5.7, /Scope).
    package enum Scope: String, Sendable, Hashable {
        case column = "Column"
        case row = "Row"
    }

    /// What a figure shows, in words (/Alt): read out instead of the drawing.
    public var alternativeText: String?
    public var scope: Scope?
    /// How many rows a table cell spans (/RowSpan), when more than one.
    public var rowSpan: Int?

    public init(alternativeText: String? = nil, scope: Scope? = nil, rowSpan: Int? = nil) {
        self.alternativeText = alternativeText
        self.scope = scope
        self.rowSpan = rowSpan
    }

    public static let none = StructureDetails()
}

package enum LinkTarget: Sendable, Hashable {
    case uri(String)
    /// A destination in the same document (see ``DrawCommand/destination(name:at:)``).
    case internalDestination(String)
}

extension DrawCommand {
    /// The same command moved by `delta`.
    public func offset(by delta: Point) -> DrawCommand {
        moved { $0.offset(by: delta) }
    }

    /// The same command with every point it is drawn at given by `move`.
    func moved(_ move: (Point) -> Point) -> DrawCommand {
        switch self {
        case .fill(let path, let color):
            return .fill(path.moved(move), color)
        case .stroke(let path, let color, let width):
            return .stroke(path.moved(move), color, lineWidth: width)
        case .text(var text):
            text.origin = move(text.origin)
            return .text(text)
        case .image(var image):
            image.rect.origin = move(image.rect.origin)
            return .image(image)
        case .modules(var modules):
            modules.rect.origin = move(modules.rect.origin)
            return .modules(modules)
        case .link(var rect, let target, let description):
            rect.origin = move(rect.origin)
            return .link(rect, target, description: description)
        case .destination(let name, let point):
            return .destination(name: name, at: move(point))
        case .beginStructure, .endStructure:
            return self
        }
    }
}

/// The structure elements a document's drawing made, in the order cairo made them (its structure
/// tree's, depth first): how many, and the details of those that carry any. Most carry none (a
/// figure's words and a header cell's scope are the exceptions), and a combined document of
/// 10,000 pages makes 800,000 elements, so only those with details are held.
package struct StructureElements: Sendable, Equatable {
    /// An element that carries details, by its position in the tree's order.
    package struct Entry: Sendable, Equatable {
        package let position: Int
        package let details: StructureDetails
    }

    /// How many elements were made.
    package private(set) var count = 0
    /// The elements with details, in order.
    package private(set) var withDetails: [Entry] = []

    package init() {}

    /// Records the next element.
    package mutating func append(_ details: StructureDetails) {
        if details != .none { withDetails.append(Entry(position: count, details: details)) }
        count += 1
    }
}
