import Testing
@testable import ReportKit

/// Label–value pairs in a grid: a long value (a list of parcels, notes) runs across the grid
/// instead of down a narrow strip beside an empty column.
@Suite("Pairs in a grid")
struct PairGridTests {
    @Test func aLongPairValueTakesALineOfItsOwnAcrossTheGrid() throws {
        // 400 pt wide, two columns of 195 pt (10 pt between), labels 0.4 of a column's 190 pt
        // after 5 pt of label spacing: a value column of 114 pt holds 22 characters a line.
        func pair(_ label: String, _ value: String) -> PairGrid.Pair {
            PairGrid.Pair(label: Text(label, style: plain), value: Text(value, style: plain))
        }
        let parcels = Array(repeating: "12/3", count: 40).joined(separator: ", ")
        let grid = PairGrid(pairs: [pair("Holding", "North farm"), pair("Parcels", parcels), pair("Crop", "Wheat"), pair("Area", "12 ha")],
                            columns: 2, labelShare: 0.4, labelSpacing: 5, columnSpacing: 10, lineSpacing: 4)
        let block = try #require(try grid.layout(in: Size(width: 400, height: 800), context: .fixed()).completeBlock, "did not fit")
        let placed = block.commands.compactMap { if case .text(let text) = $0 { text } else { nil } }
        func text(_ string: String) throws -> PlacedText { try #require(placed.first { $0.text.string == string }) }
        let value = try text(parcels), label = try text("Parcels"), holding = try text("Holding"), crop = try text("Crop")
        // The long value runs across both columns, beside a label as wide as a column's.
        #expect(abs((value.width ?? 0) - (400 - 76 - 5)) < 1e-6, "the parcels are \(value.width ?? 0) wide")
        let northFarm = try text("North farm"), area = try text("Area")
        #expect(label.origin.x == holding.origin.x && abs(value.origin.x - northFarm.origin.x) < 1e-6)
        #expect(value.size.height == 4 * 10, "238 characters in 63 a line across the grid, not 11 lines down a column")
        // Pairs keep their order: the long one on a line of its own, the short ones after it side by side.
        #expect(holding.origin.y < label.origin.y && label.origin.y < crop.origin.y)
        #expect(area.origin.y == crop.origin.y && area.origin.x > 195)
    }

    @Test func shortPairsStandSideBySide() throws {
        let grid = PairGrid(pairs: [PairGrid.Pair(label: Text("A", style: plain), value: Text("three short lines of text", style: plain)),
                                    PairGrid.Pair(label: Text("B", style: plain), value: Text("b", style: plain))],
                            columns: 2, labelShare: 0.4, labelSpacing: 5, columnSpacing: 10, lineSpacing: 4)
        let block = try #require(try grid.layout(in: Size(width: 400, height: 800), context: .fixed()).completeBlock, "did not fit")
        let origins = texts(in: block.commands)
        #expect(Set(origins.map(\.origin.y)).count == 1, "one line of two pairs: \(origins)")
    }
}
