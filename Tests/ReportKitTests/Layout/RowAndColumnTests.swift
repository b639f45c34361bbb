import Testing
@testable import ReportKit

/// The layout behaviours the report templates lean on: level cards, rows that move whole,
/// headings that keep their content, value-width table columns, and hugging badges.
@Suite("Rows, cards and columns")
struct RowAndColumnTests {
    private func place(_ element: any Element, width: Double = 200, height: Double = 800,
                       context: LayoutContext = .fixed()) throws -> Placement {
        try element.layout(in: Size(width: width, height: height), context: context)
    }

    private func card(_ text: String) -> Box {
        Box(Text(text, style: plain), padding: EdgeInsets(all: 5), background: .white, keepsTogether: true)
    }

    /// The rectangles filled, in order.
    private func fills(_ commands: [DrawCommand]) -> [Rect] {
        commands.compactMap { if case .fill(let path, _) = $0 { path.bounds } else { nil } }
    }

    @Test func stretchMakesCardsSideBySideEndLevel() throws {
        let row = HStack(spacing: 10, alignment: .stretch, [HStack.Item(card("one")), HStack.Item(card("two lines of text here xx"))])
        let block = try #require(try place(row).completeBlock, "did not fit")
        let heights = fills(block.commands).map(\.height)
        #expect(heights.count == 2)
        #expect(heights[0] == heights[1], "both cards as tall as the taller: \(heights)")
        #expect(heights[0] == 30, "two 10 pt lines and 5 pt padding above and below")
    }

    @Test func aRowOfCardsMovesWholeRatherThanSplittingACard() throws {
        let row = HStack(spacing: 10, [HStack.Item(card("short")), HStack.Item(card("a b c d e f g h i j k l m n o p q r s t"))])
        #expect(row.keepsTogether)
        let lower = LayoutContext.fixed().below(placed: true)
        guard case .nothing = try place(row, height: 25, context: lower) else { Issue.record("a card was split"); return }
        // At the top of a page it must still be placed, split if need be.
        _ = try #require(try place(row, height: 25).split, "expected a split at the page top")
    }

    @Test func aHeadingFollowedBySpacersStillMovesWithItsContent() throws {
        let heading = Text("Heading", style: plain, role: .heading2)
        let table = Table(columns: [.fraction(1)], header: [[Text("head", style: plain)]],
                          rows: [[Text("row", style: plain)]])
        let stack = VStack(spacing: 0, [Text("body", style: plain), heading, Spacer(8), table])
        // Room for "body", the heading and the spacer, not for the table's header and first row.
        let block = try #require(try place(stack, height: 35).split, "expected a split").block
        #expect(texts(in: block.commands).map(\.text) == ["body"], "the heading went on with its table")
    }

    @Test func valueColumnsFitTheirValuesAndHeadersWrap() throws {
        let table = Table(columns: [.fraction(1), .values],
                          header: [[Text("Name", style: plain), Text("Quantity in litres", style: plain)]],
                          rows: [[Text("Product", style: plain), Text("12,345", style: plain)]])
        let block = try #require(try place(table, width: 200).completeBlock, "did not fit")
        let placed = block.commands.compactMap { if case .text(let text) = $0 { text } else { nil } }
        let value = try #require(placed.first { $0.text.string == "12,345" })
        // The column is as wide as its widest header word or value: "Quantity" is 8 characters of 5 pt.
        #expect(abs((value.width ?? 0) - 8 * 5) < 1e-9, "the value's cell is \(value.width ?? 0) wide")
        let header = try #require(placed.first { $0.text.string == "Quantity in litres" })
        #expect(header.size.height > 10, "the header wraps")
    }

    @Test func aHuggingBoxIsAsWideAsItsContent() throws {
        let badge = Box(Text("FULL", style: plain), padding: EdgeInsets(all: 4), background: .white, hugsContent: true)
        let block = try #require(try place(badge, width: 300).completeBlock, "did not fit")
        #expect(abs(block.size.width - (4 * 5 + 8 + 0.5)) < 1e-9)
    }

    @Test func aPageBackgroundIsDrawnFirstOnEveryPage() throws {
        let template = PageTemplate(size: Size(width: 200, height: 100), margins: EdgeInsets(all: 10), background: .black)
        let pages = try Paginator.paginate(VStack([Text("one", style: plain), PageBreak(), Text("two", style: plain)]),
                                           template: template, text: FixedWidthText())
        #expect(pages.count == 2)
        for page in pages {
            guard case .fill(let path, let color) = page.commands.first else { Issue.record("no background first"); continue }
            #expect(path.bounds == Rect(x: 0, y: 0, width: 200, height: 100) && color == .black)
        }
    }

    /// Columns whose long words do not fit at 12 em each (a register of a job whose every field is
    /// one 100-letter word) break their words sooner, at 3 em, rather than the table failing; a
    /// table too narrow even then is still an error that names it.
    @Test func aTableOfLongWordsBreaksThemSoonerRatherThanFail() throws {
        let word = String(repeating: "w", count: 100)
        let row = { (count: Int) in (0..<count).map { _ in Text(word, style: plain) as any ReportKit.Element } }
        let four = Table(columns: Array(repeating: .fraction(1), count: 4), header: [], rows: [row(4)])
        let block = try #require(try place(four, width: 200).completeBlock, "four columns of long words fit at 3 em each")
        #expect(block.size.width <= 200 + 1e-6)
        #expect(block.size.height > 2 * plain.size * plain.lineHeight, "the words were broken over several lines")
        let ten = Table(columns: Array(repeating: .fraction(1), count: 10), header: [], rows: [row(10)])
        #expect(throws: LayoutError.self) { try place(ten, width: 200) }
    }

    /// A link taller than a page (a cover's line of a job with twenty long product names) splits
    /// like its content, each part a link to the same place, instead of failing the document.
    @Test func aLinkTallerThanItsSpaceSplitsIntoLinksToTheSamePlace() throws {
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        let link = Linked(.internalDestination("job-1"), Text(words, style: plain))
        let (block, rest) = try #require(try place(link, width: 60, height: 50).split, "the link splits")
        func links(_ commands: [DrawCommand]) -> Int { commands.filter { if case .link = $0 { true } else { false } }.count }
        #expect(links(block.commands) == 1)
        let next = try #require(try rest.layout(in: Size(width: 60, height: 800), context: LayoutContext.fixed()).completeBlock)
        #expect(links(next.commands) == 1)
        #expect(block.size.height <= 50)
    }
}

extension Path {
    /// The smallest rectangle around the path's points (tests measure drawings with it).
    var bounds: Rect {
        let points = elements.flatMap { element -> [Point] in
            switch element {
            case .move(let point), .line(let point): [point]
            case .curve(let a, let b, let c): [a, b, c]
            case .close: []
            }
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
