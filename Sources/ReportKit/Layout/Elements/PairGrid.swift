/// Label–value pairs in lines of `columns` pairs, left to right, like a form.
///
/// A value that would take more than ``longestValueInColumn`` lines in its column (a list of
/// parcels, long notes) gets a line of its own across the whole width, its label as wide as a
/// column's label, instead of running down a strip a quarter of the page wide beside an empty
/// column. Which pairs go wide is decided at layout time, from the width the grid is given, so
/// the rule holds for every value and every page size. Pairs keep their order.
package struct PairGrid: Element {
    package struct Pair: Sendable {
        public var label: Text
        public var value: Text

        public init(label: Text, value: Text) {
            self.label = label
            self.value = value
        }
    }

    public var pairs: [Pair]
    public var columns: Int
    /// The label's share of a pair's width.
    public var labelShare: Double
    /// Between a pair's label and its value.
    public var labelSpacing: Double
    /// Between the pairs of one line.
    public var columnSpacing: Double
    /// Between lines.
    public var lineSpacing: Double
    /// Each label stands above its value, in the value's width, instead of beside it: a card of
    /// many short fields takes half the lines.
    public var labelAbove = false

    /// The most lines a value takes in its column before it gets a line of its own.
    public static let longestValueInColumn = 3

    public init(pairs: [Pair], columns: Int, labelShare: Double, labelSpacing: Double, columnSpacing: Double, lineSpacing: Double) {
        self.pairs = pairs
        self.columns = max(1, columns)
        self.labelShare = labelShare
        self.labelSpacing = labelSpacing
        self.columnSpacing = columnSpacing
        self.lineSpacing = lineSpacing
    }

    public func naturalWidth(context: LayoutContext) -> Double {
        lines(wide: []).naturalWidth(context: context)
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        lines(wide: []).minimumWidth(context: context)
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        guard columns > 1 else { return try lines(wide: []).layout(in: space, context: context) }
        let column = (space.width - columnSpacing * Double(columns - 1)) / Double(columns)
        let valueWidth = labelAbove ? max(1, column) : max(1, (column - labelSpacing) * (1 - labelShare))
        let wide = Set(pairs.indices.filter { index in
            let value = pairs[index].value
            let measured = context.text.measure(value.content, width: valueWidth, alignment: value.alignment, ellipsize: false)
            return measured.lines.count > Self.longestValueInColumn
        })
        let labelWidth = max(0, (column - labelSpacing) * labelShare)
        return try lines(wide: wide, wideLabelWidth: labelWidth, context: context).layout(in: space, context: context)
    }

    private func pair(_ pair: Pair, labelWidth: Double?) -> any Element {
        if labelAbove { return KeepTogether(VStack(spacing: 0, [pair.label, pair.value])) }
        let label: ColumnWidth = labelWidth.map { .fixed($0) } ?? .fraction(labelShare)
        return HStack(spacing: labelSpacing, [
            HStack.Item(pair.label, width: label),
            HStack.Item(pair.value, width: labelWidth == nil ? .fraction(1 - labelShare) : .fraction(1)),
        ])
    }

    /// The grid as a stack of lines: narrow pairs fill lines of `columns` (the last keeps its
    /// empty places), a wide pair ends the line before it and takes one of its own.
    private func lines(wide: Set<Int>, wideLabelWidth: Double = 0, context: LayoutContext? = nil) -> VStack {
        var lines: [any Element] = []
        var line: [HStack.Item] = []
        func endLine() {
            guard !line.isEmpty else { return }
            let empty = Array(repeating: HStack.Item(Spacer(0)), count: columns - line.count)
            lines.append(columns == 1 ? line[0].element : HStack(spacing: columnSpacing, line + empty))
            line = []
        }
        for (index, item) in pairs.enumerated() {
            if wide.contains(index) {
                endLine()
                // The label keeps a column's label width (never below its longest word), so labels align.
                let shortest = context.map { item.label.minimumWidth(context: $0) } ?? 0
                lines.append(pair(item, labelWidth: max(wideLabelWidth, shortest)))
                continue
            }
            line.append(HStack.Item(pair(item, labelWidth: nil)))
            if line.count == columns { endLine() }
        }
        endLine()
        return VStack(spacing: lineSpacing, lines)
    }
}
