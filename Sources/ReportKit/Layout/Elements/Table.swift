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

    /// The fewest body rows a page break leaves on either side of it.
    static let minimumRowsAtBreak = 3
    /// A table of at most this many body rows moves to the next page whole rather than split,
    /// when it fits there.
    static let mostRowsKeptWhole = 10

    public var columns: [ColumnWidth]
    public var header: [Row]
    public var rows: [Row]
    public var totals: [Row]
    public var style: Style
    /// Each page's total, when the table runs over more than one page.
    public var pageTotal: PageTotal?
    /// Rows that belong together, with cells spanning them; nil: every row stands alone.
    public var groups: RowGroups?
    /// Where these rows start in the whole table.
    private var firstRowIndex = 0
    /// Where these rows' units (groups, or rows) start in the whole table: zebra stripes continue
    /// across pages, a group's on every page of it.
    private var firstUnitIndex = 0
    /// Column widths, fixed by the first page so every page of the table lines up.
    private var resolvedWidths: [Double]?
    /// Where the table comes from (a template file and node), for the error when its columns
    /// cannot fit.
    public var origin: String?

    public init(columns: [ColumnWidth], header: [Row] = [], rows: [Row], totals: [Row] = [], style: Style = Style(),
                pageTotal: PageTotal? = nil, groups: RowGroups? = nil, origin: String? = nil) {
        self.origin = origin
        self.groups = groups
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

    /// Lays out rows until `breakBefore` (a unit's first row, when given) or the page is full.
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
        let units = self.units
        let least = Self.minimumRowsAtBreak
        /// A break before unit `unit`, which does not fit: moved back a unit or more when it
        /// would leave fewer than three rows after it; the table moves on whole (unless it starts
        /// a page) when fewer would stay before it, or when it is short and fits a page whole.
        func broken(atUnit unit: Int) throws(LayoutError) -> Placement {
            let index = units[unit].lowerBound
            if !context.atPageTop, firstRowIndex == 0, rows.count <= Self.mostRowsKeptWhole, try fitsAPage(widths: widths, context: context) {
                return .nothing
            }
            if rows.count - index < least, breakBefore == nil,
               let earlier = (1..<unit).last(where: { units[$0].lowerBound >= least && rows.count - units[$0].lowerBound >= least }) {
                return try layout(in: space, context: context, breakBefore: units[earlier].lowerBound)
            }
            if !context.atPageTop, index < least || rows.count - index < least { return .nothing }
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

        var unit = 0
        while unit < units.count {
            let range = units[unit]
            let index = range.lowerBound
            if index == breakBefore {
                try addPageTotal(rowsOnPage: index)
                return .partial(fragment.block, remainder: continuation(from: index, widths: widths))
            }
            let left = space.height - fragment.height - reserve
            let zebra = (firstUnitIndex + unit) % 2 == 1 ? style.zebraBackground : nil
            let isLast = unit == units.count - 1
            /// The unit, laid out whole, goes on this page: unless it is the last and the totals
            /// do not fit under it, when it goes on with them.
            func add(_ block: Block) throws(LayoutError) -> Placement? {
                if isLast, !totals.isEmpty, unit > 0,
                   try !fits(totals, widths: widths, height: left - block.size.height - style.ruleWidth, context: context) {
                    return try broken(atUnit: unit)
                }
                fragment.add(block, background: zebra, in: .tableBody)
                unit += 1
                return nil
            }

            if range.count > 1, let spans = spans(ofUnit: unit) {
                let group = try groupRows(range, spans: spans, widths: widths, context: context)
                let block = Self.groupBlock(group.rows[...], spanHeight: group.spanHeight)
                if block.size.height <= left {
                    if let placement = try add(block) { return placement }
                    continue
                }
                // The rows that fit beside the spanning cells, one at least left for the next page.
                var count = 0, height = 0.0
                while count < group.rows.count - 1, max(height + group.rows[count].size.height, group.spanHeight) <= left {
                    height += group.rows[count].size.height
                    count += 1
                }
                /// The group's first `count` rows on this page, the rest on the next with its
                /// spanning cells again.
                func splitGroup() throws(LayoutError) -> Placement {
                    fragment.add(Self.groupBlock(group.rows[..<count], spanHeight: group.spanHeight), background: zebra, in: .tableBody)
                    try addPageTotal(rowsOnPage: index + count)
                    return .partial(fragment.block, remainder: continuation(from: index + count, widths: widths))
                }
                // A group goes on between its rows, as rows do: three at least on either side.
                if count >= least, range.count - count >= least, breakBefore == nil {
                    let short = !context.atPageTop && firstRowIndex == 0 && rows.count <= Self.mostRowsKeptWhole
                    let keptWhole = short ? try fitsAPage(widths: widths, context: context) : false
                    if !keptWhole { return try splitGroup() }
                }
                if unit > 0 { return try broken(atUnit: unit) }
                // A group taller than a page goes on however many rows fit; else the table moves
                // on, the group whole.
                let tallerThanAPage = block.size.height > context.pageContentHeight - headerHeight - reserve
                guard context.atPageTop || tallerThanAPage else { return .nothing }
                // Spanning cells taller than the page split as a plain row's cells do.
                guard count > 0 else { return try flattening(unit: unit).layout(in: space, context: context, breakBefore: nil) }
                return try splitGroup()
            }

            let row = plainRow(ofUnit: unit, row: index)
            let placement = try layoutRow(row, widths: widths, height: left, kind: .body, context: context)
            if case .complete(let block) = placement {
                if let placement = try add(block) { return placement }
                continue
            }
            // The row does not fit in what is left of this page.
            if unit > 0 { return try broken(atUnit: unit) }
            let tallerThanAPage = try !fits([row], widths: widths, height: context.pageContentHeight - headerHeight, context: context)
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
            rest.firstUnitIndex = firstUnitIndex + unit
            if var groups = rest.groups {
                // The rest of the row is a unit of its own, its cells already in it.
                groups.starts = [0] + groups.starts.map { $0 + 1 }
                groups.continued.insert(remainder, at: 0)
                groups.startsContinued = false
                rest.groups = groups
            }
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

    /// Whether the whole table fits on an empty page.
    private func fitsAPage(widths: [Double], context: LayoutContext) throws(LayoutError) -> Bool {
        var top = context
        top.atPageTop = true
        var whole = self
        whole.resolvedWidths = widths
        if case .complete = try whole.layout(in: Size(width: widths.reduce(0, +), height: context.pageContentHeight), context: top) {
            return true
        }
        return false
    }

    /// The table from body row `index` on, with the same header, totals and column widths.
    private func continuation(from index: Int, widths: [Double]) -> Table {
        var rest = self
        rest.rows = Array(rows[index...])
        if let pageTotal { rest.pageTotal?.amounts = Array(pageTotal.amounts.dropFirst(index)) }
        rest.firstRowIndex = firstRowIndex + index
        rest.firstUnitIndex = firstUnitIndex + (units.lastIndex { $0.lowerBound <= index } ?? 0)
        rest.groups = groups?.dropping(rowsBefore: index, rowCount: rows.count)
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
