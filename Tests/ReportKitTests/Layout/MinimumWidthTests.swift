import Testing
@testable import ReportKit

/// The engine's width guarantee (issue 13), with exact metrics (every character 5 pt wide): no
/// column below its longest word, an error naming the template node when even that does not fit,
/// and the adaptations: the first layout that fits, rows of drawings that wrap, a continuation
/// that names what a page break split.
@Suite("Minimum widths")
struct MinimumWidthTests {
    let context = LayoutContext.fixed()

    func text(_ string: String) -> Text { Text(string, style: plain) }

    @Test func columnsNeverGoBelowTheirLongestWord() throws {
        // "Napełnienie" is 11 characters: 55 pt. Seven 50 pt columns beside it in 410 pt.
        let resolution = ColumnWidths.resolve([.fraction(1)] + Array(repeating: .fixed(50), count: 7), total: 410, spacing: 0,
                                              natural: { _ in 100 }, minimum: { $0 == 0 ? 55 : 50 })
        #expect(resolution.fits)
        #expect(resolution.widths[0] >= 55)
        #expect(abs(resolution.widths.reduce(0, +) - 410) < 0.01)
    }

    @Test func aLongAutoColumnLeavesTheFractionColumnItsFairShare() {
        // A title (1fr, 150 pt natural) beside a 1,000 pt date line (auto): the title keeps its
        // natural width, the date wraps in the rest.
        let resolution = ColumnWidths.resolve([.fraction(1), .natural], total: 515, spacing: 15,
                                              natural: { $0 == 0 ? 150 : 1_000 }, minimum: { $0 == 0 ? 60 : 80 })
        #expect(resolution.widths[0] == 150)
        #expect(abs(resolution.widths[1] - 350) < 0.01)
    }

    @Test func minimumsThatDoNotFitAreReported() {
        let resolution = ColumnWidths.resolve(Array(repeating: .values, count: 12), total: 515, spacing: 0,
                                              natural: { _ in 50 }, minimum: { _ in 50 })
        #expect(!resolution.fits)
        #expect(resolution.minimumTotal == 600)
    }

    @Test func aTableTooWideForItsWordsIsAnErrorNamingItsNode() {
        let header = (1...12).map { text("Column\($0)") }
        let table = Table(columns: Array(repeating: .values, count: 12), header: [header], rows: [header],
                          origin: "mine.json: $.body[3]")
        #expect(throws: LayoutError.self) { try table.layout(in: Size(width: 400, height: 500), context: context) }
        do {
            _ = try table.layout(in: Size(width: 400, height: 500), context: context)
        } catch {
            #expect(error.message.hasPrefix("mine.json: $.body[3]: its 12 columns need at least"), "\(error.message)")
        }
    }

    @Test func theFirstLayoutThatFitsIsChosen() throws {
        let wide = Table(columns: Array(repeating: .values, count: 6), rows: [(1...6).map { text("Product\($0)") }])
        let turned = Table(columns: [.fraction(1)], rows: (1...6).map { [text("Product\($0)")] })
        let choice = FirstFitting([wide, turned], origin: "t.json: $.body[0]")
        guard case .complete(let narrow) = try choice.layout(in: Size(width: 200, height: 500), context: context) else {
            Issue.record("the turned table fits 200 pt")
            return
        }
        // Turned around: one product a line.
        #expect(Set(texts(in: narrow.commands).map(\.origin.y)).count == 6)
        guard case .complete(let roomy) = try choice.layout(in: Size(width: 600, height: 500), context: context) else { return }
        #expect(Set(texts(in: roomy.commands).map(\.origin.y)).count == 1, "all side by side when they fit")
    }

    @Test func drawingsWrapOntoNewLinesInsteadOfLeavingTheFrame() throws {
        let tanks = (1...5).map { _ in Drawing(size: Size(width: 60, height: 40), commands: []) as any Element }
        guard case .complete(let block) = try Flow(spacing: 10, lineSpacing: 5, tanks).layout(in: Size(width: 150, height: 500), context: context) else {
            Issue.record("five tanks fit in lines")
            return
        }
        // Two a line in 150 pt: three lines of 40 pt with 5 pt between.
        #expect(block.size.height == 130)
        let drawing = Drawing(size: Size(width: 300, height: 40), commands: [])
        #expect(throws: LayoutError.self) { try drawing.layout(in: Size(width: 200, height: 100), context: context) }
    }

    @Test func aContinuationNamesWhatThePageBreakSplit() throws {
        let lines = VStack(spacing: 0, (1...30).map { text("line \($0)") })
        let card = Continuing(lines, heading: text("Load 2 of 3 (continued)"))
        guard case .partial(_, let rest) = try card.layout(in: Size(width: 200, height: 100), context: context),
              case .complete(let next) = try rest.layout(in: Size(width: 200, height: 800), context: context) else {
            Issue.record("thirty lines split over two pages")
            return
        }
        #expect(texts(in: next.commands).first?.text == "Load 2 of 3 (continued)")
    }

    @Test func polishCountsTakeTheirPluralForm() throws {
        let locale = try ReportDefinitions.builtIn.locale(.polish)
        let forms = [1: "1 pełne", 2: "2 pełne", 4: "4 pełne", 5: "5 pełnych", 8: "8 pełnych", 12: "12 pełnych", 21: "21 pełnych",
                     22: "22 pełne", 24: "24 pełne", 25: "25 pełnych", 112: "112 pełnych", 122: "122 pełne"]
        for (count, expected) in forms {
            #expect(locale.plural("fullLoads", count) == expected)
        }
        #expect(locale.plural("loads", 5) == "5 napełnień")
        #expect(locale.plural("partialLoads", 1) == "1 niepełne")
    }
}
