import PropertyBased
import Testing
import CLITestSupport
@testable import ReportKit

/// A register's applications are groups of rows: the job's facts (date, parcel) in cells that span
/// its products' rows. Over random tables (groups of 1–20 rows, spanning text from one word to
/// taller than a page, rows of one to four lines): every row is printed once and in order; every
/// row stands on a page that shows its application's facts (on its first page, or repeated,
/// marked continued); a group that fits on a page is split only between its rows, leaving at
/// least three on each side; and the cells' structure says which cells span which rows.
@Suite("Grouped table rows across pages")
struct TableGroupPropertyTests {
    private let template = PageTemplate(size: Size(width: 240, height: 300), margins: EdgeInsets(all: 20), spacing: 10,
                                        footer: { page in Text("page \(page.number) of \(page.count)", style: plain) })

    struct Shape: CustomStringConvertible {
        /// Per group: its rows' heights in lines, and the words of its spanning cell.
        var groups: [(rows: [Int], spanWords: Int)]
        var description: String { groups.map { "\($0.rows.count) rows (\($0.rows.reduce(0, +)) lines), \($0.spanWords) words" }.joined(separator: "; ") }
    }

    static let shapes = zip(Gen.int(in: 1...20), Gen.int(in: 0...9), Gen.int(in: 0...3)).array(of: 1...12).map { parts in
        Shape(groups: parts.enumerated().map { index, part in
            let (rows, words, tall) = part
            // A spanning cell of one word up to ~600 (taller than the page).
            let spanWords = tall == 3 && words > 6 ? 400 + words * 20 : 1 + words * words * 2
            return ((0..<rows).map { 1 + (index + $0) % (tall + 1) }, spanWords)
        })
    }

    private func table(_ shape: Shape) -> Table {
        var rows: [Table.Row] = []
        var starts: [Int] = []
        var continued: [Table.Row] = []
        var number = 0
        for (group, spec) in shape.groups.enumerated() {
            starts.append(rows.count)
            let words = Array(repeating: "w", count: spec.spanWords).joined(separator: " ")
            continued.append([Text("g\(group) (cont.)", style: plain), Spacer(0)])
            for (offset, lines) in spec.rows.enumerated() {
                number += 1
                let label = (["r\(number)"] + Array(repeating: "x", count: (lines - 1) * 3)).joined(separator: " ")
                rows.append([offset == 0 ? Text("g\(group) \(words)", style: plain) : Spacer(0), Text(label, style: plain)])
            }
        }
        return Table(columns: [.fraction(1), .fixed(40)], header: [[Text("Job", style: plain), Text("Row", style: plain)]], rows: rows,
                     style: Table.Style(cellPadding: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2), ruleColor: .black),
                     groups: RowGroups(starts: starts, spanning: [true, false], continued: continued))
    }

    @Test func everyRowStandsBesideItsApplicationsFacts() async throws {
        await propertyCheck(count: TestRun.cases(200), input: Self.shapes) { shape in
            let pages: [Page]
            do {
                pages = try Paginator.paginate(table(shape), template: template, text: FixedWidthText())
            } catch {
                Issue.record("cannot be laid out: \(error) — \(shape)")
                return
            }
            // Content 300 − 40 margins − 20 footer = 240 pt; a line 10 pt, a row's padding 4.
            let pageLines = 240 / 10
            var groupOfRow: [Int] = []
            for (group, spec) in shape.groups.enumerated() { groupOfRow += Array(repeating: group, count: spec.rows.count) }
            var printed: [Int] = []
            var pagesOfGroup: [Int: [Int: Int]] = [:]
            for (pageIndex, page) in pages.enumerated() {
                let texts = texts(in: page.commands).map(\.text)
                let rowsHere = texts.compactMap { text in text.hasPrefix("r") ? Int(text.dropFirst().prefix { $0.isNumber }) : nil }
                printed += rowsHere
                for row in rowsHere {
                    let group = groupOfRow[row - 1]
                    pagesOfGroup[group, default: [:]][pageIndex, default: 0] += 1
                    // A spanning cell that fits on a page is beside every row of its group.
                    if shape.groups[group].spanWords < 300 {
                        #expect(texts.contains { $0.hasPrefix("g\(group) ") }, "row \(row) on page \(pageIndex + 1) without its group's facts — \(shape)")
                    }
                }
            }
            #expect(printed == Array(1...groupOfRow.count), "every row once, in order — \(shape)")
            for (group, spread) in pagesOfGroup where spread.count > 1 {
                let spec = shape.groups[group]
                let lines = spec.rows.reduce(0, +) + spec.rows.count / 2 + 2
                let fitsAPage = spec.spanWords < 300 && lines < pageLines - 3
                guard fitsAPage else { continue }
                #expect(spread.values.allSatisfy { $0 >= Table.minimumRowsAtBreak }, "group \(group) split \(spread) — \(shape)")
            }
        }
    }

    /// A spanning cell is tagged once, in its group's first row, with the rows it spans (PDF/UA:
    /// /RowSpan), and the other rows have only their own cells.
    @Test func aSpanningCellIsTaggedOnceWithItsRowSpan() throws {
        let shape = Shape(groups: [(rows: [1, 1, 1], spanWords: 3), (rows: [1], spanWords: 1)])
        let pages = try Paginator.paginate(table(shape), template: template, text: FixedWidthText())
        #expect(pages.count == 1)
        var cellsPerRow: [Int] = []
        var spans: [Int] = []
        for command in pages[0].commands {
            switch command {
            case .beginStructure(.tableRow, _): cellsPerRow.append(0)
            case .beginStructure(.tableCell, let details):
                cellsPerRow[cellsPerRow.count - 1] += 1
                if let rowSpan = details.rowSpan { spans.append(rowSpan) }
            default: break
            }
        }
        // The header's row (TH cells, not counted), then the groups' rows.
        #expect(cellsPerRow == [0, 2, 1, 1, 2], "\(cellsPerRow)")
        #expect(spans == [3], "a one-row group spans nothing")
    }
}
