/// One row of a table laid out: its cells side by side, each tagged as a header or data cell,
/// and the rows placed so far on a page.
extension Table {
    /// A row laid out: whole, split (with the rest of each cell), or not at all.
    enum RowPlacement {
        case complete(Block)
        case partial(Block, rest: Row)
        case nothing
    }

    /// Where a row is: its cells are column headers, data cells, or a summary led by its label.
    enum RowKind {
        case header, body, total

        /// The structure of the cell in `column` (PDF/UA-1, 7.5: header cells are TH with a scope).
        func cell(_ column: Int) -> (StructureRole, StructureDetails) {
            switch self {
            case .header: (.tableHeader, StructureDetails(scope: .column))
            case .total where column == 0: (.tableHeader, StructureDetails(scope: .row))
            case .body, .total: (.tableCell, .none)
            }
        }

        var section: StructureRole {
            switch self {
            case .header: .tableHead
            case .body: .tableBody
            case .total: .tableFoot
            }
        }
    }

    /// Lays out one row; splits it (each cell at the same height) when it does not fit.
    func layoutRow(_ row: Row, widths: [Double], height: Double, kind: RowKind,
                           context: LayoutContext) throws(LayoutError) -> RowPlacement {
        // Sized once: a row's items (three a cell) otherwise grew by reallocation, a few times a row.
        var items: [Block.Item] = []
        items.reserveCapacity(widths.count * 3 + 2)
        items.append(.command(.beginStructure(.tableRow)))
        var rowHeight = 0.0
        var remainders: Row = []
        var split = false
        var x = 0.0
        for (column, width) in widths.enumerated() {
            let cell = column < row.count ? row[column] : Spacer(0)
            let padded = Box(cell, padding: style.cellPadding)
            // A total's text runs on into the empty cells after it ("Products used: 80.63 L ·
            // 84.38 kg" on one line across the columns it sums, not four in its own).
            var room = width
            if kind == .total, Self.runsOn(row, column: column) {
                room += widths[(column + 1)...].indices.prefix { Self.isBlank(row, column: $0) }.reduce(0) { $0 + widths[$1] }
            }
            let placement = try padded.layout(in: Size(width: room, height: height), context: context)
            let block: Block
            switch placement {
            case .complete(let whole):
                block = whole
                remainders.append(Spacer(0))
            case .partial(let part, let remainder):
                block = part
                remainders.append((remainder as? Box)?.content ?? remainder)
                split = true
            case .nothing:
                return .nothing
            }
            let (role, details) = kind.cell(column)
            items += [.command(.beginStructure(role, details)), .block(block.untaggingSoleParagraph(), at: Point(x: x, y: 0)),
                      .command(.endStructure(role))]
            rowHeight = max(rowHeight, block.size.height)
            x += width
        }
        items.append(.command(.endStructure(.tableRow)))
        let block = Block(size: Size(width: x, height: rowHeight), items: items)
        return split ? .partial(block, rest: remainders) : .complete(block)
    }

    /// Whether the cell in `column` of `row` is empty: nothing drawn in it.
    static func isBlank(_ row: Row, column: Int) -> Bool {
        guard column < row.count else { return true }
        if row[column] is Spacer { return true }
        return (row[column] as? Text)?.content.isEmpty == true
    }

    /// Whether a total row's cell runs on into the cells after it: a text set from the leading
    /// edge, with an empty cell after it.
    static func runsOn(_ row: Row, column: Int) -> Bool {
        guard column < row.count, let text = row[column] as? Text, !text.content.isEmpty, text.alignment == .leading else { return false }
        return column + 1 < row.count && isBlank(row, column: column + 1)
    }

    /// Rows placed so far on this page.
    struct Fragment {
        let width: Double
        var height = 0.0
        var items: [Block.Item] = [.command(.beginStructure(.table))]

        init(width: Double) {
            self.width = width
        }

        /// The open section (THead, TBody, TFoot): rows go into the section of their kind.
        private var section: StructureRole?

        mutating func enter(_ role: StructureRole) {
            guard section != role else { return }
            if let section { items.append(.command(.endStructure(section))) }
            items.append(.command(.beginStructure(role)))
            section = role
        }

        mutating func add(_ block: Block, background: Color?, in role: StructureRole) {
            enter(role)
            if let background {
                items.append(.command(.fill(.rectangle(Rect(x: 0, y: height, width: width, height: block.size.height)), background)))
            }
            items.append(.block(block, at: Point(x: 0, y: height)))
            height += block.size.height
        }

        mutating func addRule(_ style: Style) {
            guard let color = style.ruleColor, style.ruleWidth > 0 else { return }
            let y = height + style.ruleWidth / 2
            items.append(.command(.stroke(.line(from: Point(x: 0, y: y), to: Point(x: width, y: y)), color, lineWidth: style.ruleWidth)))
            height += style.ruleWidth
        }

        var block: Block {
            let closing: [Block.Item] = (section.map { [.command(.endStructure($0))] } ?? []) + [.command(.endStructure(.table))]
            return Block(size: Size(width: width, height: height), items: items + closing)
        }
    }
}
