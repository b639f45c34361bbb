/// Where each of a job's numbers came from in its input file, so that a later stage (the
/// calculator) can name the field to fix in the input's own terms, whichever format it was.
package struct JobSourcePaths: Sendable, Equatable {
    public var job: JSONPath
    public var area: JSONPath
    public var sprayRate: JSONPath
    public var tankCapacity: JSONPath
    public var products: JSONPath
    /// One path per product, in order.
    public var productRates: [JSONPath]

    public init(job: JSONPath, area: JSONPath, sprayRate: JSONPath, tankCapacity: JSONPath,
                products: JSONPath, productRates: [JSONPath]) {
        self.job = job
        self.area = area
        self.sprayRate = sprayRate
        self.tankCapacity = tankCapacity
        self.products = products
        self.productRates = productRates
    }

    /// The paths of a v1 job at `root`.
    public static func v1(at root: JSONPath, productCount: Int) -> JobSourcePaths {
        JobSourcePaths(
            job: root,
            area: root.appending("field").appending("area"),
            sprayRate: root.appending("sprayRate"),
            tankCapacity: root.appending("tank").appending("capacity"),
            products: root.appending("products"),
            productRates: (0..<productCount).map { root.appending("products").appending(index: $0).appending("rate") }
        )
    }
}
