import Testing
@testable import ReportKit

@Suite("Tables across pages")
struct TableLayoutTests {
    private let template = PageTemplate(size: Size(width: 200, height: 300), margins: EdgeInsets(all: 20), spacing: 10,
                                        footer: { page in Text("page \(page.number) of \(page.count)", style: plain) })

    private func table(rows: Int, totals: Bool = false) -> Table {
        Table(columns: [.fraction(1), .fixed(40)],
              header: [[Text("Load", style: plain), Text("L", style: plain)]],
              rows: (1...rows).map { [Text("row \($0)", style: plain), Text("\($0)", style: plain)] },
              totals: totals ? [[Text("Total", style: plain), Text("sum", style: plain)]] : [],
              style: Table.Style(cellPadding: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2), ruleColor: .black))
    }

    private func bodyTexts(_ page: Page) -> [String] {
        texts(in: page.commands).map(\.text).filter { !$0.hasPrefix("page ") }
    }

    @Test func threeHundredRowsRepeatTheHeaderOnEveryPageAndLoseNoRow() throws {
        let pages = try Paginator.paginate(table(rows: 300), template: template, text: FixedWidthText())
        // Content area: 300 − 40 margins − 10 footer − 10 spacing = 240 pt; the header and its rule
        // take 15, each row 14: 16 rows a page, so 300 rows need 19 pages.
        #expect(pages.count == 19)
        for page in pages { #expect(bodyTexts(page).prefix(2) == ["Load", "L"], "header first on every page") }
        let rows = pages.flatMap { bodyTexts($0).filter { $0.hasPrefix("row ") } }
        #expect(rows == (1...300).map { "row \($0)" }, "every row once, in order")
        // Column widths stay the same on every page: the second column starts at the same x.
        let xs = Set(pages.flatMap { page in texts(in: page.commands).filter { $0.text == "L" }.map(\.origin.x) })
        #expect(xs.count == 1)
    }

    /// However many rows and whatever stands above the table, a break leaves at least three body
    /// rows on each side (the last page's rows and totals, the first page's under its header).
    @Test(arguments: [2, 3, 4, 5, 6, 7, 11, 17, 18, 19, 33])
    func aBreakLeavesAtLeastThreeRowsOnEachSide(rows: Int) throws {
        for above in stride(from: 0.0, through: 220, by: 14) {
            let body = VStack(spacing: 0, [Spacer(above), table(rows: rows, totals: true)])
            let pages = try Paginator.paginate(body, template: template, text: FixedWidthText())
            let perPage = pages.map { bodyTexts($0).filter { $0.hasPrefix("row ") }.count }.filter { $0 > 0 }
            #expect(perPage.reduce(0, +) == rows)
            if perPage.count > 1 { #expect(perPage.allSatisfy { $0 >= 3 }, "\(rows) rows below \(above) pt: \(perPage)") }
            // A table of ten rows at most goes on whole to the next page, which it fits.
            if rows <= 10 { #expect(perPage.count == 1, "\(rows) rows below \(above) pt: \(perPage)") }
        }
    }

    @Test func aRunningHeaderNamesEveryPageButTheFirstAndTakesItsRoom() throws {
        var running = template
        running.runningHeader = { _ in Text("Spray report · Field 12", style: plain) }
        let pages = try Paginator.paginate(table(rows: 40), template: running, text: FixedWidthText())
        #expect(pages.count > 2)
        #expect(!texts(in: pages[0].commands).contains { $0.text.hasPrefix("Spray report") })
        for page in pages.dropFirst() {
            let all = texts(in: page.commands)
            let header = try #require(all.first { $0.text.hasPrefix("Spray report") })
            // Above the table's repeated header, not over it.
            let tableHeader = try #require(all.first { $0.text == "Load" })
            #expect(header.origin.y < tableHeader.origin.y)
        }
        let rows = pages.flatMap { bodyTexts($0).filter { $0.hasPrefix("row ") } }
        #expect(rows == (1...40).map { "row \($0)" })
    }

    @Test func pageXOfYIsOnEveryPage() throws {
        let pages = try Paginator.paginate(table(rows: 40), template: template, text: FixedWidthText())
        let footers = pages.map { texts(in: $0.commands).map(\.text).filter { $0.hasPrefix("page ") } }
        #expect(footers == (1...pages.count).map { ["page \($0) of \(pages.count)"] })
        // The footer sits at the bottom margin: 300 − 20 − 10.
        #expect(pages.allSatisfy { page in texts(in: page.commands).contains { $0.text.hasPrefix("page ") && $0.origin.y == 270 } })
    }

    @Test func aHeaderIsNeverLeftAloneAtTheBottomOfAPage() throws {
        // 225 of 240 pt used: the header (15) would fit, but no row after it.
        let pages = try Paginator.paginate(VStack([Spacer(225), table(rows: 3)]), template: template, text: FixedWidthText())
        #expect(pages.count == 2)
        #expect(bodyTexts(pages[0]).isEmpty)
        #expect(bodyTexts(pages[1]) == ["Load", "L", "row 1", "1", "row 2", "2", "row 3", "3"])
    }

    @Test func aRowIsNeverSplitWhenItFitsOnAPage() throws {
        let tallCell = Text((1...5).map { "line\($0)" }.joined(separator: " "), style: plain)   // 5 lines in a narrow column
        let table = Table(columns: [.fixed(40), .fraction(1)], header: [[Text("H", style: plain), Text("H", style: plain)]],
                          rows: [[Text("a", style: plain), Text("a", style: plain)], [tallCell, Text("b", style: plain)]])
        let pages = try Paginator.paginate(VStack([Spacer(190), table]), template: template, text: FixedWidthText())
        #expect(pages.count == 2)
        #expect(bodyTexts(pages[1]).contains("line1 line2 line3 line4 line5"), "the tall row moved whole")
    }

    @Test func aRowTallerThanAPageIsSplitAcrossPages() throws {
        let huge = Text((1...60).map { "w\($0)" }.joined(separator: " "), style: plain)   // 60 lines in a 20 pt column
        let table = Table(columns: [.fixed(24), .fraction(1)], header: [[Text("H", style: plain), Text("H", style: plain)]],
                          rows: [[huge, Text("x", style: plain)], [Text("y", style: plain), Text("y", style: plain)]],
                          style: Table.Style(cellPadding: EdgeInsets(all: 2)))
        let pages = try Paginator.paginate(table, template: template, text: FixedWidthText())
        // 60 lines of 10 pt; each page holds 22 (240 − 15 header − 4 padding): pages of 22, 22, 16.
        #expect(pages.count == 3)
        let cell = pages.flatMap { bodyTexts($0).filter { !["H", "x", "y"].contains($0) } }.joined()
        #expect(cell == (1...60).map { "w\($0)" }.joined(separator: " "), "no text lost or repeated")
        for page in pages { #expect(bodyTexts(page).first == "H") }
        #expect(bodyTexts(pages[2]).suffix(2) == ["y", "y"])
    }

    /// A table of rows worth their number, with each page's total: "subtotal N".
    private func tableWithPageTotals(rows: Int) -> Table {
        var table = table(rows: rows, totals: true)
        table.pageTotal = Table.PageTotal(amounts: (1...rows).map { ["n": Double($0)] }) { sums in
            [Text("subtotal", style: plain), Text("\(Int(sums["n"] ?? 0))", style: plain)]
        }
        return table
    }

    @Test func everyPageOfALongTableTotalsItsOwnRowsAndAShortOneHasNoPageTotal() throws {
        let pages = try Paginator.paginate(tableWithPageTotals(rows: 40), template: template, text: FixedWidthText())
        #expect(pages.count >= 3)
        var all = 0
        for page in pages {
            let texts = bodyTexts(page)
            let onPage = texts.filter { $0.hasPrefix("row ") }.compactMap { Int($0.dropFirst(4)) }.reduce(0, +)
            let label = try #require(texts.firstIndex(of: "subtotal"))
            #expect(Int(texts[label + 1]) == onPage)
            all += onPage
        }
        #expect(all == (1...40).reduce(0, +))
        #expect(bodyTexts(pages.last!).suffix(2) == ["Total", "sum"], "the table's own totals close it")
        let short = try Paginator.paginate(tableWithPageTotals(rows: 5), template: template, text: FixedWidthText())
        #expect(short.count == 1 && !bodyTexts(short[0]).contains("subtotal"))
    }

    @Test func theTotalRowStaysWithTheLastRow() throws {
        // 16 rows fill a page exactly; with a total row, the 16th row moves on with it, and the
        // 14th and 15th with them, so three rows stand above the totals.
        let pages = try Paginator.paginate(table(rows: 16, totals: true), template: template, text: FixedWidthText())
        #expect(pages.count == 2)
        #expect(bodyTexts(pages[1]) == ["Load", "L", "row 14", "14", "row 15", "15", "row 16", "16", "Total", "sum"])
    }

    @Test func zebraStripesContinueAcrossPages() throws {
        var striped = table(rows: 40)
        striped.style.zebraBackground = Color(red: 0.9, green: 0.9, blue: 0.9)
        let pages = try Paginator.paginate(striped, template: template, text: FixedWidthText())
        let fills = pages.map { $0.commands.filter { if case .fill = $0 { true } else { false } }.count }
        // Every second row of 40 is striped: 20 stripes over all pages.
        #expect(fills.reduce(0, +) == 20)
    }

    /// The structure a page tags, in drawing order: "TD[", "]" and so on.
    private func structure(_ page: Page) -> [String] {
        page.commands.compactMap { command in
            switch command {
            case .beginStructure(let role, _): role.rawValue + "["
            case .endStructure: "]"
            default: nil
            }
        }
    }

    @Test func aCellHoldsItsOneTextItselfAndKeepsTheParagraphsOfSeveral() throws {
        let twoParagraphs = VStack([Text("first", style: plain), Text("second", style: plain)])
        let table = Table(columns: [.fraction(1), .fraction(1)], header: [[Text("H", style: plain), Text("V", style: plain)]],
                          rows: [[Text("a", style: plain), twoParagraphs]], totals: [[Text("Total", style: plain), Text("1", style: plain)]])
        let pages = try Paginator.paginate(table, template: template, text: FixedWidthText())
        #expect(pages.count == 1)
        // The running footer is drawn untagged (an artifact), so the table is all the page tags.
        #expect(structure(pages[0]).joined() == "Table[THead[TR[TH[]TH[]]]TBody[TR[TD[]TD[P[]P[]]]]TFoot[TR[TH[]TD[]]]]")
    }

    @Test func aSplitCellHoldsItsTextItselfOnEveryPage() throws {
        let huge = Text((1...60).map { "w\($0)" }.joined(separator: " "), style: plain)
        let pages = try Paginator.paginate(Table(columns: [.fixed(20), .fraction(1)], rows: [[huge, Text("b", style: plain)]]),
                                           template: template, text: FixedWidthText())
        #expect(pages.count > 1)
        for page in pages {
            let tags = structure(page).joined()
            #expect(tags.hasPrefix("Table[TBody[TR[TD[]"), "the split cell's part is the cell's content: \(tags)")
            #expect(!tags.contains("TD[P["))
        }
    }
}
