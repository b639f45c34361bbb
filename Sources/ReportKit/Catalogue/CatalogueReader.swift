/// Reads a catalogue's JSON form (docs/product-catalogue.md), checking every value like a job's.
extension JSONReader {
    static let catalogueProductKeys = ["name", "authorisation", "validUntil", "kind", "activeIngredients",
                                       "restrictedEntryHours", "source", "uses"]
    static let labelUseKeys = ["crops", "cropCode", "maxRate", "maxTreatments", "preHarvestIntervalDays", "bbch"]

    mutating func readCatalogue(_ node: Node) -> [CatalogueProduct]? {
        guard let root = object(node, allowed: ["format", "products"]) else { return nil }
        if let format = required("format", in: root, expected: "\"\(ProductCatalogue.format)\"").flatMap({ text($0) }),
           format != ProductCatalogue.format, let path = root.optional("format")?.path {
            error(path, "is \"\(format)\"; expected \"\(ProductCatalogue.format)\"")
        }
        guard let list = required("products", in: root, expected: "the list of products").flatMap({ array($0) }) else { return nil }
        if list.count > ProductCatalogue.maximumProducts {
            error(node.path.appending("products"), "has \(list.count) products; expected at most \(ProductCatalogue.maximumProducts)")
            return nil
        }
        return list.compactMap { readCatalogueProduct($0) }
    }

    mutating func readCatalogueProduct(_ node: Node) -> CatalogueProduct? {
        guard let product = object(node, allowed: Self.catalogueProductKeys) else { return nil }
        let name = required("name", in: product, expected: "the product's name as its label gives it").flatMap { text($0) }
        var made = CatalogueProduct(name: name ?? "")
        made.authorisation = product.optional("authorisation").flatMap { text($0) }
        made.validUntil = product.optional("validUntil").flatMap { day($0) }
        made.kind = product.optional("kind").flatMap { choice($0, as: ProductKind.self) } ?? .plantProtection
        made.activeIngredients = product.optional("activeIngredients").flatMap { texts($0) } ?? []
        made.restrictedEntryHours = product.optional("restrictedEntryHours").flatMap { node -> Double? in
            guard let hours = positiveNumber(node) else { return nil }
            return checked(hours, JobRules.restrictedEntryHours(hours), at: node.path)
        }
        made.source = product.optional("source").flatMap { text($0) }
        if let uses = product.optional("uses").flatMap({ array($0) }) {
            made.uses = uses.compactMap { readLabelUse($0) }
        }
        return name == nil ? nil : made
    }

    mutating func readLabelUse(_ node: Node) -> LabelUse? {
        guard let use = object(node, allowed: Self.labelUseKeys) else { return nil }
        let crops = required("crops", in: use, expected: "the crop's names, e.g. [\"pszenica ozima\", \"winter wheat\"]")
            .flatMap { texts($0) }
        var made = LabelUse(crops: crops ?? [])
        made.cropCode = use.optional("cropCode").flatMap { eppoCode($0) }
        made.maxRate = use.optional("maxRate").flatMap { readQuantity($0, ProductRateUnit.self) }
        made.maxTreatments = use.optional("maxTreatments").flatMap { node -> Int? in
            guard let count = number(node) else { return nil }
            let problem = count >= 1 && count <= 100 && count == count.rounded()
                ? nil : MessageText.plain("is \(RecordNumber.text(count)); expected the label's most treatments in a season, a whole number from 1 to 100")
            return checked(count, problem, at: node.path).map { Int($0) }
        }
        made.preHarvestIntervalDays = use.optional("preHarvestIntervalDays").flatMap { node -> Int? in
            guard let days = number(node) else { return nil }
            return checked(days, JobRules.preHarvestIntervalDays(days), at: node.path).map { Int($0) }
        }
        made.bbch = use.optional("bbch").flatMap { readBBCH($0) }
        if crops?.isEmpty == true, let path = use.optional("crops")?.path { error(path, "is empty; expected at least one crop name") }
        return crops == nil ? nil : made
    }

    /// A calendar day, `2026-12-31`.
    private mutating func day(_ node: Node) -> String? {
        guard let text = text(node) else { return nil }
        guard text.utf8.count == 10, let date = JobDate(rfc3339: text), !date.hasTime else {
            error(node.path, "is \"\(text)\"; expected a day as YYYY-MM-DD")
            return nil
        }
        return text
    }

    /// A list of short texts.
    private mutating func texts(_ node: Node) -> [String]? {
        list(node) { reader, item in reader.text(item) }
    }

    private mutating func checked<Value>(_ value: Value, _ problem: MessageText?, at path: JSONPath) -> Value? {
        guard let problem else { return value }
        error(path, problem)
        return nil
    }
}
