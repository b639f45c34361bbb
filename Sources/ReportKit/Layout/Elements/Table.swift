/// A table that continues across pages: header rows repeat on every page, a row moves whole to the
/// next page (it splits only when it is taller than a page), the header is never left alone at
/// the bottom of a page, and the total rows stay with the last body row. A break never leaves
/// one body row on either side of it: the header keeps at least two rows, and one more row goes
/// along with the last. A table with a ``PageTotal`` that runs over more than one page ends each
/// of its pages with the sums of that page's rows.
package struct Table: Element {
    /// What each body row adds to its page's total, and the row that shows a page's sums.
    package struct PageTotal: Sendable {
        /// Per body row, the amounts it adds up ("area ha": 12.5), in the order of the rows.
        public var amounts: [[String: Double]]
        /// The total row of a page, from the sums of the amounts of its rows.
        public var row: @Sendable ([String: Double]) -> Row

        /// `amounts` per body row; `row` makes a page's total row from the sums of its rows.
        public init(amounts: [[String: Double]], row: @escaping @Sendable ([String: Double]) -> Row) {
            self.amounts = amounts
            self.row = row
        }

        func sums(_ rows: Range<Int>) -> [String: Double] {
            var sums: [String: Double] = [:]
            for index in rows where index < amounts.count { sums.merge(amounts[index], uniquingKeysWith: +) }
            return sums
        }

        /// Sums at least as wide in print as any page's: no page's sum has more whole digits than
        /// the table's (the amounts are not negative), and sums print to two decimals at most;
        /// eights, the widest digits, in every place ("12.5 ha" on a page is wider than a
        /// table's "25 ha").
        var widestSums: [String: Double] {
            sums(0..<amounts.count).mapValues { whole in
                let digits = String(Int(max(0, whole).rounded(.down))).count
                return (Double(String(repeating: "8", count: min(digits, 15))) ?? 0) + 0.88
            }
        }
    }

    package struct Style: Sendable {
        public var cellPadding: EdgeInsets
        public var headerBackground: Color?
        /// The fill of every other body row.
        public var zebraBackground: Color?
        public var totalBackground: Color?
        /// The rule under the header and above the totals.
        public var ruleColor: Color?
        public var ruleWidth: Double

        public init(cellPadding: EdgeInsets = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6), headerBackground: Color? = nil,
                    zebraBackground: Color? = nil, totalBackground: Color? = nil, ruleColor: Color? = nil, ruleWidth: Double = 1) {
            self.cellPadding = cellPadding
            self.headerBackground = headerBackground
            self.zebraBackground = zebraBackground
            self.totalBackground = totalBackground
            self.ruleColor = ruleColor
            self.ruleWidth = ruleWidth
        }
    }

    package typealias Row = [any Element]

    public var columns: [ColumnWidth]
    public var header: [Row]
    public var rows: [Row]
    public var totals: [Row]
    public var style: Style
    /// Each page's total, when the table runs over more than one page.
    public var pageTotal: PageTotal?
    /// Where these rows start in the whole table (zebra stripes continue across pages).
    private var firstRowIndex = 0
    /// Column widths, fixed by the first page so every page of the table lines up.
    private var resolvedWidths: [Double]?
    /// Where the table comes from (a template file and node), for the error when its columns
    /// cannot fit.
    public var origin: String?

    public init(columns: [ColumnWidth], header: [Row] = [], rows: [Row], totals: [Row] = [], style: Style = Style(),
                pageTotal: PageTotal? = nil, origin: String? = nil) {
        self.origin = origin
        self.pageTotal = pageTotal
        self.columns = columns
        self.header = header
        self.rows = rows
        self.totals = totals
        self.style = style
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        // A table with page totals that fits where it starts needs no room for one.
        if pageTotal != nil, firstRowIndex == 0,
           case .complete(let block) = try layout(in: space, context: context, breakBefore: nil, reservingPageTotal: false) {
            return .complete(block)
        }
        return try layout(in: space, context: context, breakBefore: nil)
    }

    /// Lays out rows until `breakBefore` (when given) or the page is full. A break after a single
    /// row moves the table on (unless it starts a page); a break before the last row takes one
    /// more row along, when at least two stay.
    private func layout(in space: Size, context: LayoutContext, breakBefore: Int?,
                        reservingPageTotal: Bool = true) throws(LayoutError) -> Placement {
        let widths: [Double]
        if let resolvedWidths { widths = resolvedWidths } else { widths = try resolveWidths(space.width, context: context) }
        var fragment = Fragment(width: space.width)
        // Room kept at the foot of every page for its total: the widest sums (the whole table's)
        // in one row, and the rule above it.
        let reserve = reservingPageTotal ? try pageTotalHeight(widths: widths, context: context) : 0
        /// The page's total row, for its first `count` rows, and the rule above it.
        func addPageTotal(rowsOnPage count: Int) throws(LayoutError) {
            guard reservingPageTotal, let pageTotal, count > 0,
                  case .complete(let block) = try layoutRow(pageTotal.row(pageTotal.sums(0..<count)), widths: widths,
                                                            height: .infinity, kind: .total, context: context) else { return }
            fragment.addRule(style)
            fragment.add(block, background: style.totalBackground, in: .tableFoot)
        }
        func broken(at index: Int) throws(LayoutError) -> Placement {
            if rows.count - index == 1, breakBefore == nil, index >= 3 {
                return try layout(in: space, context: context, breakBefore: index - 1)
            }
            // One row before the break, or one after it with no row to spare: the table moves
            // on whole, unless it already starts a page.
            if (index == 1 || rows.count - index == 1), !context.atPageTop { return .nothing }
            try addPageTotal(rowsOnPage: index)
            return .partial(fragment.block, remainder: continuation(from: index, widths: widths))
        }

        for row in header {
            guard case .complete(let block) = try layoutRow(row, widths: widths, height: space.height - fragment.height,
                                                           kind: .header, context: context) else { return .nothing }
            fragment.add(block, background: style.headerBackground, in: .tableHead)
        }
        let headerHeight = fragment.height
        if !header.isEmpty { fragment.addRule(style) }

        var index = 0
        while index < rows.count {
            if index == breakBefore {
                try addPageTotal(rowsOnPage: index)
                return .partial(fragment.block, remainder: continuation(from: index, widths: widths))
            }
            let left = space.height - fragment.height - reserve
            let placement = try layoutRow(rows[index], widths: widths, height: left, kind: .body, context: context)
            let zebra = (firstRowIndex + index) % 2 == 1 ? style.zebraBackground : nil
            if case .complete(let block) = placement {
                // The last body row takes the totals with it, unless it is alone on its page.
                let isLast = index == rows.count - 1
                if isLast, !totals.isEmpty, index > 0,
                   try !fits(totals, widths: widths, height: left - block.size.height - style.ruleWidth, context: context) {
                    return try broken(at: index)
                }
                fragment.add(block, background: zebra, in: .tableBody)
                index += 1
                continue
            }
            // The row does not fit in what is left of this page.
            if index > 0 { return try broken(at: index) }
            let tallerThanAPage = try !fits([rows[index]], widths: widths, height: context.pageContentHeight - headerHeight, context: context)
            guard context.atPageTop || tallerThanAPage, case .partial(let block, let remainder) = placement else {
                // Moving on keeps the header with its first row; at the top of a page nothing fits at all.
                return .nothing
            }
            fragment.add(block, background: zebra, in: .tableBody)
            try addPageTotal(rowsOnPage: index + 1)
            var rest = continuation(from: index + 1, widths: widths)
            rest.rows.insert(remainder, at: 0)
            // The rest of a split row adds nothing more: its amounts are in this page's total.
            rest.pageTotal?.amounts.insert([:], at: 0)
            rest.firstRowIndex -= 1
            return .partial(fragment.block, remainder: rest)
        }

        // A table that began on an earlier page ends with its last page's total too.
        if firstRowIndex > 0 { try addPageTotal(rowsOnPage: rows.count) }
        if !totals.isEmpty {
            fragment.addRule(style)
            for row in totals {
                guard case .complete(let block) = try layoutRow(row, widths: widths, height: space.height - fragment.height,
                                                               kind: .total, context: context) else {
                    return .partial(fragment.block, remainder: continuation(from: rows.count, widths: widths))
                }
                fragment.add(block, background: style.totalBackground, in: .tableFoot)
            }
        }
        return .complete(fragment.block)
    }

    /// The table from body row `index` on, with the same header, totals and column widths.
    private func continuation(from index: Int, widths: [Double]) -> Table {
        var rest = self
        rest.rows = Array(rows[index...])
        if let pageTotal { rest.pageTotal?.amounts = Array(pageTotal.amounts.dropFirst(index)) }
        rest.firstRowIndex = firstRowIndex + index
        rest.resolvedWidths = widths
        return rest
    }

    /// The page total row with the whole table's sums: the widest a page's total can be, which
    /// sets its column widths and the room kept for it.
    var pageTotalSample: [Row] {
        pageTotal.map { [$0.row($0.widestSums)] } ?? []
    }

    /// The height a page's total takes with its rule: nothing for a table without one.
    private func pageTotalHeight(widths: [Double], context: LayoutContext) throws(LayoutError) -> Double {
        guard let row = pageTotalSample.first,
              case .complete(let block) = try layoutRow(row, widths: widths, height: .infinity, kind: .total, context: context) else { return 0 }
        return block.size.height + (style.ruleColor == nil ? 0 : style.ruleWidth)
    }

    private func fits(_ rows: [Row], widths: [Double], height: Double, context: LayoutContext) throws(LayoutError) -> Bool {
        var left = height
        for row in rows {
            guard case .complete(let block) = try layoutRow(row, widths: widths, height: left, kind: .body, context: context) else {
                return false
            }
            left -= block.size.height
        }
        return true
    }

    /// A row laid out: whole, split (with the rest of each cell), or not at all.
    private enum RowPlacement {
        case complete(Block)
        case partial(Block, rest: Row)
        case nothing
    }

    /// Where a row is: its cells are column headers, data cells, or a summary led by its label.
    private enum RowKind {
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
    private func layoutRow(_ row: Row, widths: [Double], height: Double, kind: RowKind,
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
            let placement = try padded.layout(in: Size(width: width, height: height), context: context)
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

    /// Rows placed so far on this page.
    private struct Fragment {
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
