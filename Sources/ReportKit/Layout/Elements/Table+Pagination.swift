/// How a table goes over pages: the rows (or groups of rows) that fit, where it breaks, what each
/// page's total holds, and the table that goes on on the next page.
extension Table {
    /// Lays out rows until `breakBefore` (a unit's first row, when given) or the page is full.
    func layout(in space: Size, context: LayoutContext, breakBefore: Int?,
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
               let earlier = (0..<unit).dropFirst().last(where: { units[$0].lowerBound >= least && rows.count - units[$0].lowerBound >= least }) {
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
    func fitsAPage(widths: [Double], context: LayoutContext) throws(LayoutError) -> Bool {
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
    func continuation(from index: Int, widths: [Double]) -> Table {
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
    func pageTotalHeight(widths: [Double], context: LayoutContext) throws(LayoutError) -> Double {
        guard let row = pageTotalSample.first,
              case .complete(let block) = try layoutRow(row, widths: widths, height: .infinity, kind: .total, context: context) else { return 0 }
        return block.size.height + (style.ruleColor == nil ? 0 : style.ruleWidth)
    }

    func fits(_ rows: [Row], widths: [Double], height: Double, context: LayoutContext) throws(LayoutError) -> Bool {
        var left = height
        for row in rows {
            guard case .complete(let block) = try layoutRow(row, widths: widths, height: left, kind: .body, context: context) else {
                return false
            }
            left -= block.size.height
        }
        return true
    }
}
