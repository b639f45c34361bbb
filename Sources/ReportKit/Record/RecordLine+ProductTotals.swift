extension RecordLine {
    /// A product's total over a season's lines, in the unit its rows use.
    struct ProductTotal: Sendable, Equatable {
        let product: String
        let unit: String
        var value: Double
    }

    /// The season's total of each product, by name and unit, in the order products first appear:
    /// what the printed register and the workbook's holding sheet give under a holding's rows, so
    /// they agree. Each line counts in its row's unit (gal or lb for a job in US units, else L or
    /// kg); `unnamed` names a product the job left unnamed, from its line number.
    static func productTotals(_ lines: [RecordLine], unnamed: (Int) -> String) -> [ProductTotal] {
        var order: [String] = []
        var sums: [String: ProductTotal] = [:]
        for line in lines {
            let amount = line.totalInRowUnits(usUnits: line.jobUsesUSUnits)
            let name = line.product ?? unnamed(line.line)
            let key = name + "\u{0}" + amount.unit
            if sums[key] == nil { order.append(key) }
            sums[key, default: ProductTotal(product: name, unit: amount.unit, value: 0)].value += amount.value
        }
        return order.compactMap { sums[$0] }
    }
}
