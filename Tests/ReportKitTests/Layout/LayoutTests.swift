import Testing
@testable import ReportKit

/// Layout without rendering: positions and sizes asserted from the drawing commands.
@Suite("Layout")
struct LayoutTests {
    private func place(_ element: any Element, width: Double = 100, height: Double = 800,
                       context: LayoutContext = .fixed()) throws -> Placement {
        try element.layout(in: Size(width: width, height: height), context: context)
    }

    @Test func textWrapsAtWordsToTheWidth() throws {
        // 100 pt holds 20 characters of 5 pt.
        let block = try #require(try place(Text("aaaa bbbb cccc dddd eeee ffff", style: plain)).completeBlock, "did not fit")
        #expect(block.size.height == 20, "two lines of 10 pt")
        #expect(texts(in: block.commands).map(\.text) == ["aaaa bbbb cccc dddd eeee ffff"])
    }

    /// A heading that would end on one word is set narrower, as many lines, two words at least on
    /// the last, and where its alignment puts it; a paragraph keeps the whole width.
    @Test(arguments: [TextAlignment.leading, .trailing])
    func aHeadingDoesNotEndOnOneWord(alignment: TextAlignment) throws {
        // 100 pt holds 20 characters: "aaaa bbbb cccc dddd " / "eeee".
        let words = "aaaa bbbb cccc dddd eeee"
        let heading = Text(StyledText(words, style: plain), alignment: alignment, role: .heading1)
        let block = try #require(try place(heading).completeBlock, "did not fit")
        #expect(block.size.height == 20, "still two lines")
        let placed = try #require(block.commands.compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
        let width = try #require(placed.width)
        #expect(width < 100 && width >= 66)
        let lines = FixedWidthText().measure(placed.text, width: width, alignment: alignment, ellipsize: false).lines
        let last = String(words.utf8.dropFirst(lines.last?.startByte ?? 0)) ?? ""
        #expect(last.split(separator: " ").count >= 2, "the last line is \"\(last)\"")
        #expect(abs(placed.origin.x - (alignment == .trailing ? 100 - width : 0)) < 1e-9)
        let paragraph = try #require(try place(Text(words, style: plain)).completeBlock)
        #expect(paragraph.commands.compactMap { if case .text(let text) = $0 { text.width ?? 0 } else { nil } } == [100])
    }

    @Test func textSplitsBetweenLinesKeepingTwoLinesEachSide() throws {
        let words = (1...10).map { "word\($0)xxxx" }.joined(separator: " ")   // 10 lines of one word
        let (block, rest) = try #require(try place(Text(words, style: plain), width: 70, height: 35).split, "expected a split")
        #expect(block.size.height == 30, "three whole lines fit in 35 pt")
        #expect(texts(in: block.commands).first?.text == "word1xxxx word2xxxx word3xxxx ")
        let second = try #require(try rest.layout(in: Size(width: 70, height: 65), context: .fixed()).split, "expected a second split").block
        // Seven lines remain; six would fit but that would leave one alone, so five go here.
        #expect(second.size.height == 50)
    }

    @Test func vstackPlacesChildrenWithSpacing() throws {
        let stack = VStack(spacing: 8, [Text("one", style: plain), Spacer(12), Text("two", style: plain)])
        let block = try #require(try place(stack).completeBlock, "did not fit")
        // 10 pt line, 8 spacing, 12 spacer, 8 spacing.
        #expect(texts(in: block.commands).map(\.origin.y) == [0, 38])
        #expect(block.size.height == 48)
    }

    @Test func hstackSharesWidthByFractionAfterFixedColumns() throws {
        let row = HStack(spacing: 10, [
            .init(Text("a", style: plain), width: .fixed(50)),
            .init(Text("b", style: plain), width: .fraction(1)),
            .init(Text("c", style: plain), width: .fraction(3)),
        ])
        let block = try #require(try place(row, width: 270).completeBlock, "did not fit")
        // 270 − 2×10 spacing − 50 fixed = 200 shared 1:3.
        #expect(texts(in: block.commands).map(\.origin.x) == [0, 60, 120])
    }

    @Test func hstackAlignsShorterChildrenVertically() throws {
        let tall = Text("a b c d", style: plain)   // four lines in a 10 pt column: 40 pt
        for (alignment, y) in [(HStack.Alignment.top, 0.0), (.center, 15), (.bottom, 30)] {
            let row = HStack(alignment: alignment, [.init(tall, width: .fixed(10)), .init(Text("x", style: plain))])
            let block = try #require(try place(row, width: 100).completeBlock, "did not fit")
            #expect(texts(in: block.commands).last?.origin.y == y)
        }
    }

    @Test func naturalWidthColumnsTakeTheirContentsWidth() throws {
        let row = HStack([.init(Text("12345", style: plain), width: .natural), .init(Text("x", style: plain))])
        let block = try #require(try place(row, width: 200).completeBlock, "did not fit")
        #expect(texts(in: block.commands).map(\.origin.x) == [0, 25])
    }

    @Test func aCardThatDoesNotFitMovesWholeToTheNextPage() throws {
        let card = Box(VStack([Text("line", style: plain), Text("line", style: plain), Text("line", style: plain)]),
                       padding: EdgeInsets(all: 5), keepsTogether: true)
        let stack = VStack([Spacer(60), card])
        let (block, rest) = try #require(try place(stack, height: 80).split, "expected a move")
        #expect(block.size.height == 60, "only the spacer stays")
        let next = try #require(try rest.layout(in: Size(width: 100, height: 80), context: .fixed()).completeBlock, "the card should fit the next page")
        #expect(next.size.height == 40)
    }

    /// A border in its box's own opaque colour, clear of the content, would paint nothing that
    /// can be seen: it is not drawn (a theme gives cards a border of their own colour). Any
    /// border that shows is drawn.
    @Test func aBorderThatCannotBeSeenIsNotDrawn() throws {
        let fill = Color(red: 0.96, green: 0.95, blue: 0.92)
        func strokes(_ border: Color, padding: Double) throws -> Int {
            let box = Box(Text("line", style: plain), padding: EdgeInsets(all: padding), background: fill, border: border, borderWidth: 1)
            let block = try #require(try place(box).completeBlock, "did not fit")
            return block.commands.filter { if case .stroke = $0 { true } else { false } }.count
        }
        #expect(try strokes(fill, padding: 12) == 0)
        #expect(try strokes(fill.withAlpha(0.5), padding: 12) == 1, "a translucent border darkens the edge")
        #expect(try strokes(.black, padding: 12) == 1)
        #expect(try strokes(fill, padding: 0.5) == 1, "a border over the content hides what it crosses")
    }

    @Test func aCardTallerThanAPageSplitsRatherThanVanishing() throws {
        let tall = Box(VStack((1...20).map { _ in Text("line", style: plain) }), keepsTogether: true)
        let result = try Paginator.paginate(tall, template: PageTemplate(size: Size(width: 100, height: 100), margins: .zero),
                                            text: FixedWidthText())
        #expect(result.count == 2)
    }

    @Test func aHeadingIsNeverLastOnAPage() throws {
        let stack = VStack([Spacer(70), Text("Heading", style: plain, role: .heading2), Text("body", style: plain)])
        let block = try #require(try place(stack, height: 85).split, "expected a split").block
        #expect(texts(in: block.commands).isEmpty, "the heading moved on with its paragraph")
    }

    @Test func pageBreakStartsANewPage() throws {
        let pages = try Paginator.paginate(VStack([Text("a", style: plain), PageBreak(), Text("b", style: plain)]),
                                           template: PageTemplate(size: Size(width: 100, height: 100), margins: .zero),
                                           text: FixedWidthText())
        #expect(pages.map { texts(in: $0.commands).map(\.text) } == [["a"], ["b"]])
    }

    @Test func contentThatNeverProgressesIsAnErrorNotAHang() {
        struct Stuck: Element {
            func naturalWidth(context: LayoutContext) -> Double { 0 }
            func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement { .partial(.empty, remainder: Stuck()) }
        }
        #expect(throws: LayoutError("content makes no progress from one page to the next")) {
            try Paginator.paginate(Stuck(), template: PageTemplate(size: Size(width: 100, height: 100), margins: .zero), text: FixedWidthText())
        }
    }

    @Test func contentThatCannotFitAnyPageIsAnError() {
        let drawing = Drawing(size: Size(width: 10, height: 500), commands: [])
        #expect(throws: LayoutError.self) {
            try Paginator.paginate(drawing, template: PageTemplate(size: Size(width: 100, height: 100), margins: .zero), text: FixedWidthText())
        }
    }

    @Test func imagesReadTheirSizeFromThePNGHeaderAndRefuseOtherData() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 200, 0, 0, 0, 100]
        let image = try Image(png: png, maximumWidth: 50)
        let block = try #require(try place(image).completeBlock, "did not fit")
        #expect(block.size == Size(width: 50, height: 25))
        #expect(throws: LayoutError("the image is not a PNG file")) { try Image(png: Array("GIF89a".utf8), maximumWidth: 50) }
    }
}
