/// A table node built: its columns (repeated ones expanded, conditional ones dropped), its header,
/// body and total rows, its groups of rows and their spanning cells, and each page's total.
extension TemplateBuilder {
    func table(_ spec: TableSpec, node: TemplateNode, scope: Scope, background: Color) throws(DefinitionError) -> (any Element)? {
        let items = try list(spec.rows, node: node, scope: scope)
        guard !items.isEmpty else { return nil }
        guard items.count <= ReportTemplate.maximumTableRows else {
            throw DefinitionError(file: template.file, at: node.path,
                                  "this table would have \(items.count) rows; at most \(ReportTemplate.maximumTableRows) are laid out in one document")
        }
        // Repeated columns expand into one column per item, each with its item bound.
        var columns: [(spec: TableSpec.Column, scope: Scope)] = []
        for column in spec.columns {
            guard try holds(column.condition, node: node, scope: scope) else { continue }
            if let repeats = column.repeats {
                for item in try list(repeats.list, node: node, scope: scope) {
                    columns.append((column, scope.binding(repeats.name, to: item)))
                }
            } else {
                columns.append((column, scope))
            }
        }
        guard columns.count <= ExpansionBudget.maximumTableColumns else {
            throw DefinitionError(file: template.file, at: node.path,
                                  "this table would have \(columns.count) columns; at most \(ExpansionBudget.maximumTableColumns) fit a page")
        }
        // Every cell is counted before the first is made, so an oversized table is refused at once.
        try budget.spend(elements: (items.count + 2) * columns.count, for: node, in: template.file)
        let headerFill = color("table.header.background")
        let headerBackground = headerFill.composited(over: background)
        let zebraFill = color("table.zebra")
        let totalFill = color("table.total.background")

        func cell(_ pattern: TextPattern, _ scope: Scope, style: String, colorName: String, alignment: TextAlignment,
                  on fill: Color) throws(DefinitionError) -> any Element {
            try makeCell(pattern, scope, style, colorName, alignment, fill)
        }
        func makeCell(_ pattern: TextPattern, _ scope: Scope, _ style: String, _ colorName: String, _ alignment: TextAlignment,
                      _ fill: Color) throws(DefinitionError) -> any Element {
            let string = try evaluate(node) { () throws(PatternError) in try scope.text(pattern, locale: locale) }
            try budget.spend(elements: 0, textBytes: string.utf8.count, for: node, in: template.file)
            let foreground = color(colorName)
            let textStyle = textStyle(style, color: foreground)
            if !string.isEmpty { record(foreground, on: fill, style: textStyle, node: node, sample: string) }
            return Text(StyledText(string, style: textStyle), alignment: alignment, role: .paragraph)
        }

        var header: Table.Row = []
        for (column, columnScope) in columns {
            header.append(try cell(column.header, columnScope, style: spec.headerStyle, colorName: "table.header.text",
                                   alignment: column.alignment, on: headerBackground))
        }
        var rows: [Table.Row] = []
        // Groups of rows: where each starts, and its spanning cells on a page it continues onto.
        var groupStarts: [Int] = []
        var continuedRows: [Table.Row] = []
        for (index, item) in items.enumerated() {
            let fill = index % 2 == 1 ? zebraFill.composited(over: background) : background
            let rowScope = scope.binding(spec.rowName, to: item)
            let link = try spec.rowLink.map { pattern throws(DefinitionError) in
                try linkTarget(try evaluate(node) { () throws(PatternError) in try rowScope.text(pattern, locale: locale) }, node: node)
            } ?? nil
            var row: Table.Row = []
            for (column, columnScope) in columns {
                let content = try cell(column.cell, columnScope.binding(spec.rowName, to: item), style: spec.cellStyle,
                                       colorName: "text.primary", alignment: column.alignment, on: fill)
                row.append(link.map { Linked($0, content) } ?? content)
            }
            rows.append(row)
            if let groupStart = spec.groupStart {
                let value = try evaluate(node) { () throws(PatternError) in try rowScope.value(groupStart) }
                guard index == 0 || value.isTruthy else { continue }
                groupStarts.append(index)
                var continued: Table.Row = []
                for (position, (column, columnScope)) in columns.enumerated() {
                    guard column.spans, let pattern = column.continued else {
                        continued.append(row[position])
                        continue
                    }
                    continued.append(try cell(pattern, columnScope.binding(spec.rowName, to: item), style: spec.cellStyle,
                                              colorName: "text.primary", alignment: column.alignment, on: fill))
                }
                continuedRows.append(continued)
            }
        }
        let groups = spec.groupStart.map { _ in
            RowGroups(starts: groupStarts, spanning: columns.map(\.spec.spans), continued: continuedRows)
        }
        var totals: [Table.Row] = []
        if columns.contains(where: { $0.spec.total != nil }) {
            var row: Table.Row = []
            for (column, columnScope) in columns {
                row.append(try cell(column.total ?? TextPattern(parts: []), columnScope, style: spec.totalStyle, colorName: "text.primary",
                                    alignment: column.alignment, on: totalFill.composited(over: background)))
            }
            totals.append(row)
        }
        // A compact table (a register of hundreds of lines in a dozen columns) gives each cell a
        // quarter less room on either side and a point less above and below.
        let vertical = space("xs") / 2 + (spec.compact ? 0 : 1)
        let horizontal = spec.compact ? space("xs") * 0.75 : space("xs")
        let padding = EdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
        let style = Table.Style(cellPadding: padding, headerBackground: headerFill, zebraBackground: zebraFill,
                                totalBackground: totalFill, ruleColor: color("divider"), ruleWidth: 1)
        let pageTotal = try pageTotal(spec, columns: columns, items: items, node: node, scope: scope,
                                      on: totalFill.composited(over: background), cell: makeCell)
        return Table(columns: columns.map(\.spec.width), header: [header], rows: rows, totals: totals, style: style,
                     pageTotal: pageTotal, groups: groups, origin: origin(node))
    }
}
