/// A piece of content that can be laid out into a space, and split across pages when it does not
/// fit (the flowable idea of ReportLab's platypus and QuestPDF's measure/partial/wrap contract).
///
/// Layout is a pure function of the element, the space and the context: it returns new values and
/// never changes the element, so a remainder is just another element.
package protocol Element: Sendable {
    /// Places the element in `space` (its width is fixed; its height is what is left on the page).
    func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement

    /// The width the element would take with no limit (for auto-width table columns and stacks).
    func naturalWidth(context: LayoutContext) -> Double

    /// The narrowest the element can be laid out without breaking a word or drawing past its
    /// frame: its longest word, its widest drawing. Rows and tables never give a child less, and
    /// refuse to lay out (naming their template node) when their children's minimums do not fit.
    func minimumWidth(context: LayoutContext) -> Double

    /// True for content that must move whole to the next page rather than split (cards, keep-together).
    var keepsTogether: Bool { get }

    /// True when the element must not be the last thing on a page (a heading).
    var keepsWithNext: Bool { get }
}

extension Element {
    /// Rigid by default: as wide as it wants to be.
    public func minimumWidth(context: LayoutContext) -> Double { naturalWidth(context: context) }
    public var keepsTogether: Bool { false }
    public var keepsWithNext: Bool { false }
}

/// What came of placing an element in a space.
package enum Placement: Sendable {
    /// All of it fits.
    case complete(Block)
    /// This much fits here; `remainder` continues in the next space.
    case partial(Block, remainder: any Element)
    /// Nothing of it fits; try the next space.
    case nothing
}

/// Laid-out content: its size and what it draws, relative to its top-left corner.
///
/// A block holds the blocks of its children where they were placed rather than copies of their
/// commands moved into place, so nesting content costs nothing per level (as Typst's frames); the
/// commands are moved into place once, when ``commands`` is read (for a page, once per page).
package struct Block: Sendable {
    public var size: Size
    var items: [Item]

    /// What a block draws: a command, or a child block placed at an offset.
    enum Item: Sendable {
        case command(DrawCommand)
        case block(Block, at: Point)
    }

    public init(size: Size, commands: [DrawCommand] = []) {
        self.size = size
        items = commands.map(Item.command)
    }

    init(size: Size, items: [Item]) {
        self.size = size
        self.items = items
    }

    public static let empty = Block(size: .zero)

    /// The drawing commands, every child's moved into place.
    public var commands: [DrawCommand] { commands(movedBy: nil) }

    /// The drawing commands moved by `origin` as well (a page's body by its margins).
    func commands(movedBy origin: Point?) -> [DrawCommand] {
        var result: [DrawCommand] = []
        result.reserveCapacity(commandCount)
        var offsets = origin.map { [$0] } ?? []
        append(to: &result, offsets: &offsets)
        return result
    }

    /// How many commands the block and its children hold (to size the flat list once).
    private var commandCount: Int {
        items.reduce(0) { count, item in
            if case .block(let block, _) = item { count + block.commandCount } else { count + 1 }
        }
    }

    /// True when nothing at all is drawn.
    var isEmpty: Bool {
        items.allSatisfy { if case .block(let block, _) = $0 { block.isEmpty } else { false } }
    }

    /// `offsets` runs from the outermost block's to the innermost's. Each command is moved by the
    /// innermost offset first, as moving every level's commands in turn would: the sums, and so
    /// the PDF, are exactly those of moving them level by level.
    private func append(to result: inout [DrawCommand], offsets: inout [Point]) {
        for item in items {
            switch item {
            case .command(let command):
                result.append(offsets.isEmpty ? command : command.moved { point in offsets.reversed().reduce(point) { $0.offset(by: $1) } })
            case .block(let block, let origin):
                offsets.append(origin)
                block.append(to: &result, offsets: &offsets)
                offsets.removeLast()
            }
        }
    }
}

/// What every element needs while laying out.
package struct LayoutContext: Sendable {
    public let text: any TextMeasuring
    /// The height of a whole page's content area.
    public let pageContentHeight: Double
    /// True while nothing has been placed above on the current page: content that keeps together
    /// or keeps with the next must still be placed (split if need be) rather than moved on, or it
    /// would never be placed at all.
    public var atPageTop: Bool
    /// Words longer than this many ems may break inside themselves when a text says how narrow it
    /// can be (``Text/minimumWidth(context:)``); a table whose columns do not fit otherwise asks
    /// again with ``Text/shortestUnbreakableWord``.
    public var unbreakableWordEms: Double = Text.longestUnbreakableWord
    /// Words with a digit (numbers, dates, quantities) up to this many ems stay whole while a
    /// table's other words break sooner (``breakingWords(longerThan:)``); a table breaks them too
    /// only once no other word can give way.
    public var unbreakableNumberEms: Double = Text.longestUnbreakableNumber

    public init(text: any TextMeasuring, pageContentHeight: Double, atPageTop: Bool = true) {
        self.text = text
        self.pageContentHeight = pageContentHeight
        self.atPageTop = atPageTop
    }

    /// The same context, in which words longer than `ems` may break inside themselves.
    public func breakingWords(longerThan ems: Double) -> LayoutContext {
        var context = self
        context.unbreakableWordEms = ems
        return context
    }

    /// The same context, in which words with a digit longer than `ems` may break inside themselves.
    public func breakingNumbers(longerThan ems: Double) -> LayoutContext {
        var context = self
        context.unbreakableNumberEms = ems
        return context
    }

    /// The same context, below content that has been placed (when `placed` is true).
    public func below(placed: Bool) -> LayoutContext {
        var context = self
        context.atPageTop = atPageTop && !placed
        return context
    }
}

/// Content that cannot be laid out at all.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// Content whose narrowest layout is wider than the space it has.
    static func tooWide(_ origin: String, what: String, needs: Double, has: Double) -> LayoutError {
        LayoutError("\(origin): \(what) need at least \(Int(needs.rounded(.up))) pt, but \(Int(has.rounded(.down))) pt are available; shorten the words, use fewer columns, or give the content more room")
    }
}
