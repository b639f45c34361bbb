/// Rows that belong together, as one application's products do in a register: the cells of the
/// spanning columns (its date, parcel, crop) are given once, on the group's first row, and stand
/// beside all of its rows, the way a paper register merges them. A group moves to the next page
/// whole, unless it can go on between its rows with three at least on either side (or it is
/// taller than a page); its spanning cells are then repeated from `continued` ("1 April 2026
/// (cont.)"), so no row is ever on a page without its application.
package struct RowGroups: Sendable {
    /// The body row each group starts at, ascending, the first 0.
    public var starts: [Int]
    /// Per column: whether its cell spans the group's rows.
    public var spanning: [Bool]
    /// Per group: the spanning cells on a page the group continues onto.
    public var continued: [Table.Row]
    /// The first group goes on from an earlier page: its spanning cells are the continued ones.
    var startsContinued = false

    public init(starts: [Int], spanning: [Bool], continued: [Table.Row]) {
        self.starts = starts
        self.spanning = spanning
        self.continued = continued
    }

    /// Each group's rows, for a table of `rowCount` rows.
    func ranges(rowCount: Int) -> [Range<Int>] {
        zip(starts, Array(starts.dropFirst()) + [rowCount]).map { $0..<$1 }
    }

    /// The groups of the rows from `row` on; a group cut at `row` goes on with its continued cells.
    func dropping(rowsBefore row: Int, rowCount: Int) -> RowGroups {
        let ranges = ranges(rowCount: rowCount)
        guard let cut = ranges.firstIndex(where: { $0.contains(row) }) else {
            return RowGroups(starts: [], spanning: spanning, continued: [])
        }
        var rest = RowGroups(starts: [row] + starts[(cut + 1)...], spanning: spanning, continued: Array(continued[cut...]))
        rest.starts = rest.starts.map { $0 - row }
        rest.startsContinued = ranges[cut].lowerBound < row
        return rest
    }
}

extension Table {
    /// The body's units of layout: each group's rows, or each row alone in a table without groups.
    var units: [Range<Int>] {
        groups?.ranges(rowCount: rows.count) ?? rows.indices.map { $0..<($0 + 1) }
    }

    /// The spanning cells of group `unit`: its first row's, or the continued ones on a page it goes
    /// on to.
    func spans(ofUnit unit: Int) -> Row? {
        guard let groups else { return nil }
        return unit == 0 && groups.startsContinued ? groups.continued[0] : rows[groups.starts[unit]]
    }

    /// A group's rows laid out one by one, each at the height of its own cells; the first holds
    /// the spanning cells `spans` too (drawn down beside the others), whose height is `spanHeight`.
    func groupRows(_ range: Range<Int>, spans: Row, widths: [Double],
                   context: LayoutContext) throws(LayoutError) -> (rows: [Block], spanHeight: Double) {
        let spanning = groups?.spanning ?? []
        var blocks: [Block] = []
        blocks.reserveCapacity(range.count)
        var spanHeight = 0.0
        for (offset, index) in range.enumerated() {
            var items: [Block.Item] = [.command(.beginStructure(.tableRow))]
            var rowHeight = 0.0
            var x = 0.0
            for (column, width) in widths.enumerated() {
                defer { x += width }
                let isSpanning = column < spanning.count && spanning[column]
                // A spanning cell belongs to the group's first row only (PDF/UA-1 7.5: a TD with
                // its RowSpan).
                if isSpanning, offset > 0 { continue }
                let source = isSpanning ? spans : rows[index]
                let cell = column < source.count ? source[column] : Spacer(0)
                guard case .complete(let block) = try Box(cell, padding: style.cellPadding)
                    .layout(in: Size(width: width, height: .infinity), context: context) else {
                    throw LayoutError("a table cell could not be laid out at any height")
                }
                let details = isSpanning ? StructureDetails(rowSpan: range.count) : .none
                items += [.command(.beginStructure(.tableCell, details)), .block(block.untaggingSoleParagraph(), at: Point(x: x, y: 0)),
                          .command(.endStructure(.tableCell))]
                if isSpanning { spanHeight = max(spanHeight, block.size.height) } else { rowHeight = max(rowHeight, block.size.height) }
            }
            items.append(.command(.endStructure(.tableRow)))
            blocks.append(Block(size: Size(width: widths.reduce(0, +), height: rowHeight), items: items))
        }
        return (blocks, spanHeight)
    }

    /// The first `count` of a group's laid-out rows as one block: as tall as its rows, or as its
    /// spanning cells where they are taller (the last row takes up the difference).
    static func groupBlock(_ rows: ArraySlice<Block>, spanHeight: Double) -> Block {
        var items: [Block.Item] = []
        var y = 0.0
        for row in rows {
            items.append(.block(row, at: Point(x: 0, y: y)))
            y += row.size.height
        }
        return Block(size: Size(width: rows.first?.size.width ?? 0, height: max(y, spanHeight)), items: items)
    }
}

extension Table {
    /// A one-row unit as a plain row: its own cells, and in the spanning columns the group's
    /// (a one-row group, or the last row of one on a new page).
    func plainRow(ofUnit unit: Int, row index: Int) -> Row {
        guard let groups, let spans = spans(ofUnit: unit) else { return rows[index] }
        return rows[index].indices.map { column in
            column < groups.spanning.count && groups.spanning[column] && column < spans.count ? spans[column] : rows[index][column]
        }
    }

    /// The table with group `unit` (at the top of the page) made plain rows, its spanning cells in
    /// its first row: for spanning cells taller than a page, which then split like any tall row.
    func flattening(unit: Int) -> Table {
        guard var groups else { return self }
        let range = units[unit]
        var flat = self
        flat.rows[range.lowerBound] = plainRow(ofUnit: unit, row: range.lowerBound)
        let continued = groups.continued[unit]
        groups.starts.replaceSubrange(unit...unit, with: Array(range))
        groups.continued.replaceSubrange(unit...unit, with: Array(repeating: continued, count: range.count))
        groups.startsContinued = false
        flat.groups = groups
        return flat
    }
}
