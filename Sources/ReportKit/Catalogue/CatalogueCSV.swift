/// A catalogue's CSV form: a header row naming columns, then one row per use of a product on a
/// crop, the product's own columns repeated (docs/product-catalogue.md). Each row is read as the
/// JSON form's product with one use, so both forms keep the same rules and messages.
extension ProductCatalogue {
    /// The CSV columns: the product's, then its use's. Lists (`activeIngredients`, `crops`) are
    /// separated by `;` within their field.
    static let csvColumns = ["name", "authorisation", "validUntil", "kind", "activeIngredients", "restrictedEntryHours", "source",
                             "crops", "cropCode", "maxRate", "maxRateUnit", "maxTreatments", "preHarvestIntervalDays", "bbchFrom", "bbchTo"]

    static func readCSV(_ bytes: [UInt8], file: String) throws(CatalogueError) -> ProductCatalogue {
        let table: CSVTable
        do {
            table = try CSVTable(bytes)
        } catch {
            throw CatalogueError(file: file, problems: ["line \(error.line): \(error.message)"])
        }
        var problems: [String] = []
        for name in table.header where !csvColumns.contains(name) {
            var message = "line 1: unknown column \"\(name)\""
            if let near = JSONReader.closest(to: name, in: csvColumns) { message += "; did you mean \"\(near)\"?" }
            problems.append(message + " Expected: \(csvColumns.joined(separator: ", "))")
        }
        if !table.header.contains("name") { problems.append("line 1: no column \"name\"; expected a header row naming the columns") }
        if table.rows.count > maximumProducts * 10 {
            problems.append("has \(table.rows.count) rows; expected at most \(maximumProducts * 10)")
        }
        guard problems.isEmpty else { throw CatalogueError(file: file, problems: problems) }

        var reader = JSONReader()
        var products: [CatalogueProduct?] = []
        for (index, row) in table.rows.enumerated() {
            let value = json(of: row, header: table.header)
            products.append(reader.readCatalogueProduct(JSONReader.Node(value: value, path: JSONPath.root.appending(index: index))))
        }
        for diagnostic in reader.diagnostics where diagnostic.severity == .error {
            problems.append("\(place(of: diagnostic.path, in: table)): \(diagnostic.message)")
        }
        guard problems.isEmpty else { throw CatalogueError(file: file, problems: problems) }
        return try merged(products.compactMap { $0 }, file: file) { "line \(table.rows[$0].line)" }
    }

    /// A row as the JSON form's product: empty fields left out, numbers as numbers (a decimal
    /// comma read as a point), lists split at `;`.
    private static func json(of row: CSVTable.Row, header: [String]) -> JSONValue {
        var cells: [String: String] = [:]
        for (column, field) in zip(header, row.fields) {
            let value = CSVTable.trimmed(field)
            if !value.isEmpty { cells[column] = value }
        }
        func number(_ text: String) -> JSONValue {
            let dotted = text.filter { $0 != " " && $0 != "\u{A0}" }.replacing(",", with: ".")
            return Double(dotted) != nil ? .number(JSONNumber(literal: dotted)) : .string(text)
        }
        func list(_ text: String) -> JSONValue {
            .array(text.split(separator: ";").map { .string(CSVTable.trimmed(String($0))) }.filter { $0 != .string("") })
        }
        var product: [JSONObject.Member] = []
        for key in ["name", "authorisation", "validUntil", "kind", "source"] {
            if let text = cells[key] { product.append(.init(key: key, value: .string(text))) }
        }
        if let text = cells["activeIngredients"] { product.append(.init(key: "activeIngredients", value: list(text))) }
        if let text = cells["restrictedEntryHours"] { product.append(.init(key: "restrictedEntryHours", value: number(text))) }
        var use: [JSONObject.Member] = []
        if let text = cells["crops"] { use.append(.init(key: "crops", value: list(text))) }
        if let text = cells["cropCode"] { use.append(.init(key: "cropCode", value: .string(text))) }
        if cells["maxRate"] != nil || cells["maxRateUnit"] != nil {
            var rate: [JSONObject.Member] = []
            if let text = cells["maxRate"] { rate.append(.init(key: "value", value: number(text))) }
            if let text = cells["maxRateUnit"] { rate.append(.init(key: "unit", value: .string(text))) }
            use.append(.init(key: "maxRate", value: .object(JSONObject(members: rate))))
        }
        for key in ["maxTreatments", "preHarvestIntervalDays"] {
            if let text = cells[key] { use.append(.init(key: key, value: number(text))) }
        }
        switch (cells["bbchFrom"], cells["bbchTo"]) {
        case let (from?, to?): use.append(.init(key: "bbch", value: .array([number(from), number(to)])))
        case let (from?, nil), let (nil, from?): use.append(.init(key: "bbch", value: number(from)))
        case (nil, nil): break
        }
        if !use.isEmpty { product.append(.init(key: "uses", value: .array([.object(JSONObject(members: use))]))) }
        return .object(JSONObject(members: product))
    }

    /// "line 4, column maxRate" for a diagnostic's path within a row's product.
    private static func place(of path: JSONPath, in table: CSVTable) -> String {
        let components = path.components
        guard case .index(let row)? = components.first, row < table.rows.count else { return "\(path)" }
        let keys = components.compactMap { component -> String? in
            if case .key(let key) = component { return key }
            return nil
        }
        var column = keys.last { $0 != "uses" } ?? "name"
        if keys.contains("maxRate") { column = keys.last == "unit" ? "maxRateUnit" : "maxRate" }
        if keys.contains("bbch") { column = components.last == .index(1) ? "bbchTo" : "bbchFrom" }
        if keys == ["uses"] { column = "crops" }
        return "line \(table.rows[row].line), column \(column)"
    }
}
