/// A table's column widths: what its columns need (each measured over every row) and how the
/// width a table is given is shared among them.
extension Table {
    public func naturalWidth(context: LayoutContext) -> Double {
        columns.indices.map { column in
            if case .fixed(let width) = columns[column] { return width }
            return naturalWidth(ofColumn: column, context: context)
        }.reduce(0, +)
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        columns.indices.map { minimumWidth(ofColumn: $0, context: context) }.reduce(0, +)
    }

    /// The narrowest a column can be: its widest word (header, body or total), cell padding included.
    private func minimumWidth(ofColumn column: Int, context: LayoutContext) -> Double {
        if case .fixed(let width) = columns[column] { return width }
        let cells = (header + rows + totals + pageTotalSample).map { column < $0.count ? $0[column].minimumWidth(context: context) : 0 }
        return (cells.max() ?? 0) + style.cellPadding.horizontal
    }

    /// A column's natural width, cell padding included; see ``ColumnWidth/values`` for how
    /// headers count.
    private func naturalWidth(ofColumn column: Int, context: LayoutContext) -> Double {
        func width(_ rows: [Row], _ measure: (any Element) -> Double) -> Double {
            rows.map { column < $0.count ? measure($0[column]) : 0 }.max() ?? 0
        }
        if let groups, column < groups.spanning.count, groups.spanning[column] {
            // A cell that spans a group's rows wraps into their height at no cost: it wants the
            // width that sets its text in as many lines as the group has rows. Its header and
            // totals wrap too, down to their longest words.
            let spanned = groups.ranges(rowCount: rows.count).map { range in
                column < rows[range.lowerBound].count ? rows[range.lowerBound][column].naturalWidth(context: context) / Double(range.count) : 0
            }.max() ?? 0
            return max(spanned + style.cellPadding.horizontal, minimumWidth(ofColumn: column, context: context))
        }
        // A total that runs on into the empty cells after it asks its own column for no more
        // than its longest word.
        let summed = (totals + pageTotalSample).map { row -> Double in
            guard column < row.count else { return 0 }
            return Self.runsOn(row, column: column) ? row[column].minimumWidth(context: context) : row[column].naturalWidth(context: context)
        }.max() ?? 0
        let values = max(width(rows) { $0.naturalWidth(context: context) }, summed)
        let headers: Double
        if columns[column] == .values {
            headers = width(header) { cell in (cell as? Text)?.longestWordWidth(context: context) ?? cell.naturalWidth(context: context) }
        } else {
            headers = width(header) { $0.naturalWidth(context: context) }
        }
        return max(values, headers) + style.cellPadding.horizontal
    }

    /// Every column at least as wide as its widest word, or an error naming the table.
    ///
    /// When the columns do not fit so, long words may break sooner rather than the table not be
    /// laid out at all: in the column that needs the most width first (a name of 200 letters
    /// without a space), and only as much sooner as the table needs, so that the other columns
    /// keep their words whole and that column stays as wide as it can.
    func resolveWidths(_ width: Double, context: LayoutContext) throws(LayoutError) -> [Double] {
        let steps = [Text.longestUnbreakableWord, 9, 6, 4.5, Text.shortestUnbreakableWord]
        // How long a word with a digit may be and stay whole, once no other word can give way.
        let numberSteps = [Text.longestUnbreakableNumber, 8, 4.5, Text.shortestUnbreakableWord]
        var step = Array(repeating: 0, count: columns.count)
        var numberStep = Array(repeating: 0, count: columns.count)
        func columnContext(_ index: Int) -> LayoutContext {
            let chosen = step[index] == 0 ? context : context.breakingWords(longerThan: steps[step[index]])
            return numberStep[index] == 0 ? chosen : chosen.breakingNumbers(longerThan: numberSteps[numberStep[index]])
        }
        // A column is measured once a step: measuring one is measuring every cell of it.
        var naturals: [Int: Double] = [:], minimumsMeasured: [Int: Double] = [:]
        func measured(_ index: Int, in cache: inout [Int: Double], _ measure: (Int, LayoutContext) -> Double) -> Double {
            let key = (index * steps.count + step[index]) * numberSteps.count + numberStep[index]
            if let width = cache[key] { return width }
            let width = measure(index, columnContext(index))
            cache[key] = width
            return width
        }
        func natural(_ index: Int) -> Double {
            measured(index, in: &naturals) { naturalWidth(ofColumn: $0, context: $1) }
        }
        func minimum(_ index: Int) -> Double {
            measured(index, in: &minimumsMeasured) { minimumWidth(ofColumn: $0, context: $1) }
        }
        func resolve() -> ColumnWidths.Resolution {
            ColumnWidths.resolve(columns, total: width, spacing: 0, natural: natural, minimum: minimum)
        }
        var resolution = resolve()
        // The widest column gives way first, its words breaking sooner; its numbers (words with a
        // digit, up to 12 ems) stay whole until no column's words can give way any more.
        while !resolution.fits {
            let minimums = columns.indices.map(minimum)
            if let widest = columns.indices.filter({ step[$0] < steps.count - 1 }).max(by: { minimums[$0] < minimums[$1] }) {
                step[widest] += 1
            } else if let widest = columns.indices.filter({ numberStep[$0] < numberSteps.count - 1 }).max(by: { minimums[$0] < minimums[$1] }) {
                numberStep[widest] += 1
            } else {
                break
            }
            resolution = resolve()
        }
        guard resolution.fits else {
            throw LayoutError.tooWide(origin ?? "a table", what: "its \(columns.count) columns", needs: resolution.minimumTotal, has: width)
        }
        return resolution.widths
    }
}
