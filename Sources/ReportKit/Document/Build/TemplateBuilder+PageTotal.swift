/// A table's total row per page (``Table/PageTotal``), from the template's `pageSums` and each
/// column's `pageTotal`.
extension TemplateBuilder {
    /// Each page's total row: the columns' `pageTotal` texts with `page` bound to the sums of the
    /// page's rows (``PageSums``). The texts are checked here, with the whole table's sums (the
    /// widest they can be, and where an error in a pattern shows), then made again per page.
    func pageTotal(_ spec: TableSpec, columns: [(spec: TableSpec.Column, scope: Scope)], items: [TemplateValue],
                   node: TemplateNode, scope: Scope, on fill: Color,
                   cell: (TextPattern, Scope, String, String, TextAlignment, Color) throws(DefinitionError) -> any Element)
        throws(DefinitionError) -> Table.PageTotal? {
        guard let path = spec.pageSums else { return nil }
        var amounts: [[String: Double]] = []
        for item in items {
            let value = try evaluate(node) { () throws(PatternError) in try scope.binding(spec.rowName, to: item).value(path) }
            switch value {
            case .amounts(let rowAmounts): amounts.append(rowAmounts)
            case .absent: amounts.append([:])
            default:
                throw DefinitionError(file: template.file, at: node.path.appending("pageSums"),
                                      "\"\(path)\" is \(value.kindDescription), not the amounts a row adds to its page's total")
            }
        }
        let locale = locale
        var whole: [String: Double] = [:]
        for row in amounts { whole.merge(row, uniquingKeysWith: +) }
        let cells = columns.map { column, columnScope in
            (pattern: column.pageTotal ?? TextPattern(parts: []), scope: columnScope, alignment: column.alignment)
        }
        for (pattern, columnScope, alignment) in cells {
            _ = try cell(pattern, columnScope.binding("page", to: PageSums.value(whole, locale: locale)), spec.totalStyle, "text.primary",
                         alignment, fill)
        }
        let textStyle = textStyle(spec.totalStyle, color: color("text.primary"))
        return Table.PageTotal(amounts: amounts) { sums in
            let page = PageSums.value(sums, locale: locale)
            return cells.map { pattern, columnScope, alignment in
                let string = (try? columnScope.binding("page", to: page).text(pattern, locale: locale)) ?? ""
                return Text(StyledText(string, style: textStyle), alignment: alignment, role: .paragraph)
            }
        }
    }
}
