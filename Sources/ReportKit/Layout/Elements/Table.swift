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
    var firstRowIndex = 0
    /// Where these rows' units (groups, or rows) start in the whole table: zebra stripes continue
    /// across pages, a group's on every page of it.
    var firstUnitIndex = 0
    /// Column widths, fixed by the first page so every page of the table lines up.
    var resolvedWidths: [Double]?
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
}
