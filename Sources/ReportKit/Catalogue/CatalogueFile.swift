/// A catalogue file that cannot be used: each problem with where it is (a JSON path, or a CSV
/// line and column) and what is expected.
public struct CatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let problems: [String]

    public var description: String { problems.map { "\(file): \($0)" }.joined(separator: "\n") }
}

extension ProductCatalogue {
    /// The format a JSON catalogue names itself with.
    public static let format = "reportkit-products/1"
    /// More products than any label register a farm uses: the bound on what a catalogue holds.
    public static let maximumProducts = 5_000

    /// A catalogue from a file's bytes: JSON (`{"format": "reportkit-products/1", …}`) or CSV with
    /// a header row (one row per crop use, the product's columns repeated; docs/product-catalogue.md).
    /// `file` names it in errors.
    public static func read(_ bytes: [UInt8], file: String) throws(CatalogueError) -> ProductCatalogue {
        let first = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        if first == UInt8(ascii: "{") { return try readJSON(bytes, file: file) }
        return try readCSV(bytes, file: file)
    }

    private static func readJSON(_ bytes: [UInt8], file: String) throws(CatalogueError) -> ProductCatalogue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw CatalogueError(file: file, problems: [error.description])
        }
        var reader = JSONReader()
        let products = reader.readCatalogue(JSONReader.Node(value: value, path: .root))
        let problems = reader.diagnostics.filter { $0.severity == .error }.map(\.description)
        guard problems.isEmpty, let products else { throw CatalogueError(file: file, problems: problems) }
        return try merged(products, file: file) { "$.products[\($0)]" }
    }

    /// Products that appear more than once (a CSV's row per use) become one with all their uses;
    /// their own facts must agree.
    /// Whether two rows of a product give the same facts, their uses aside.
    private static func sameFacts(_ a: CatalogueProduct, _ b: CatalogueProduct) -> Bool {
        var (left, right) = (a, b)
        (left.uses, right.uses) = ([], [])
        return left == right
    }

    static func merged(_ products: [CatalogueProduct], file: String,
                       place: (Int) -> String) throws(CatalogueError) -> ProductCatalogue {
        var merged: [CatalogueProduct] = []
        var firstIndex: [String: (Int, Int)] = [:]
        var problems: [String] = []
        for (index, product) in products.enumerated() {
            let key = key(product.name)
            guard let (slot, first) = firstIndex[key] else {
                firstIndex[key] = (merged.count, index)
                merged.append(product)
                continue
            }
            // The facts compared without the uses, which grow as rows merge: comparing (and
            // copying) them on every row made 50,000 rows of one product quadratic.
            if !sameFacts(product, merged[slot]) {
                problems.append("\(place(index)): \"\(product.name)\" is listed again with other facts than at \(place(first)); "
                                + "expected the same authorisation, validity, kind, active ingredients, interval and source on every row of a product")
            }
            merged[slot].uses += product.uses
        }
        guard problems.isEmpty else { throw CatalogueError(file: file, problems: problems) }
        return ProductCatalogue(products: merged)
    }
}
