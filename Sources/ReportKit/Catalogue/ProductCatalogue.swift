/// Products with the facts of their labels (`--products FILE`, docs/product-catalogue.md): what a
/// farmer would otherwise type into every job, and what the label allows, so that a job can be
/// checked against it. A catalogue fills a job's missing authorisation number, kind, active
/// ingredients, restricted-entry and pre-harvest intervals (``completing(_:)``), and warns on an
/// unknown or expired number, a dose above the label's maximum, a BBCH stage outside the label's
/// window (``labelWarnings(for:)``) and too many treatments in a season (``seasonWarnings(for:)``).
public struct ProductCatalogue: Sendable, Equatable {
    package var products: [CatalogueProduct] {
        didSet { index = Index(products) }
    }
    /// Where each name and number is in `products`: a season of many jobs looks products up
    /// thousands of times in a catalogue of thousands.
    private var index: Index

    package init(products: [CatalogueProduct]) {
        self.products = products
        index = Index(products)
    }

    public static func == (a: ProductCatalogue, b: ProductCatalogue) -> Bool { a.products == b.products }

    /// The entry a job's product is: the one with its name (letters and digits compared, case
    /// ignored: "Karate Zeon 050CS" is "KARATE ZEON 050 CS"), else the one with its authorisation number.
    package func entry(for product: Product) -> CatalogueProduct? {
        if let name = product.name.map(Self.key), let position = index.byName[name] { return products[position] }
        guard let number = product.authorisation.map(Self.key), let position = index.byNumber[number] else { return nil }
        return products[position]
    }

    /// Whether some product of the catalogue has the authorisation `number`.
    func knows(authorisation number: String) -> Bool { index.byNumber[Self.key(number)] != nil }

    /// The first product of each name and of each authorisation number.
    private struct Index: Sendable {
        var byName: [String: Int] = [:]
        var byNumber: [String: Int] = [:]

        init(_ products: [CatalogueProduct]) {
            for (position, product) in products.enumerated() {
                byName[ProductCatalogue.key(product.name)] = byName[ProductCatalogue.key(product.name)] ?? position
                if let number = product.authorisation.map(ProductCatalogue.key) { byNumber[number] = byNumber[number] ?? position }
            }
        }
    }

    /// A name or number reduced to what tells it apart: lowercased letters and digits.
    static func key(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }
}

/// One product of a catalogue: its authorisation and the uses its label allows.
package struct CatalogueProduct: Sendable, Equatable {
    public var name: String
    /// The national authorisation number (Poland: `R-31/2013`) or EPA registration number.
    public var authorisation: String?
    /// The last day the product may be used (`YYYY-MM-DD`), when its authorisation ends.
    public var validUntil: String?
    public var kind: ProductKind
    public var activeIngredients: [String]
    public var restrictedEntryHours: Double?
    /// The uses on the label, one per crop or group of crops.
    public var uses: [LabelUse]
    /// Where the facts come from: the label's address or the register's entry.
    public var source: String?

    public init(name: String, authorisation: String? = nil, validUntil: String? = nil, kind: ProductKind = .plantProtection,
                activeIngredients: [String] = [], restrictedEntryHours: Double? = nil, uses: [LabelUse] = [], source: String? = nil) {
        self.name = name
        self.authorisation = authorisation
        self.validUntil = validUntil
        self.kind = kind
        self.activeIngredients = activeIngredients
        self.restrictedEntryHours = restrictedEntryHours
        self.uses = uses
        self.source = source
    }

    /// The label's use for a job's crop: by EPPO code when both have one, else by a crop name.
    public func use(for field: Field) -> LabelUse? {
        if let code = field.cropCode?.uppercased(), let byCode = uses.first(where: { $0.cropCode?.uppercased() == code }) {
            return byCode
        }
        guard let crop = field.crop.map(ProductCatalogue.key) else { return nil }
        return uses.first { $0.crops.contains { ProductCatalogue.key($0) == crop } }
    }
}

/// What a label allows on one crop.
package struct LabelUse: Sendable, Equatable {
    /// The crop's names, in any language the jobs use ("pszenica ozima", "winter wheat").
    public var crops: [String]
    /// The crop's EPPO code (`TRZAW`).
    public var cropCode: String?
    /// The maximum dose for one application.
    public var maxRate: Quantity<ProductRateUnit>?
    /// The most applications of the product on the crop in a season (a calendar year).
    public var maxTreatments: Int?
    /// Days from the last application to harvest.
    public var preHarvestIntervalDays: Int?
    /// The growth stages the label allows the product in.
    public var bbch: BBCHStage?

    public init(crops: [String], cropCode: String? = nil, maxRate: Quantity<ProductRateUnit>? = nil, maxTreatments: Int? = nil,
                preHarvestIntervalDays: Int? = nil, bbch: BBCHStage? = nil) {
        self.crops = crops
        self.cropCode = cropCode
        self.maxRate = maxRate
        self.maxTreatments = maxTreatments
        self.preHarvestIntervalDays = preHarvestIntervalDays
        self.bbch = bbch
    }
}
