import FoundationEssentials
import Glibc

/// Reads one entry of the "Kalkulator Oprysku" app's history, as Apple's `JSONEncoder` writes it:
/// `{"id", "date" (seconds since 2001-01-01T00:00:00Z), "fieldArea", "areaUnit", "sprayRate",
/// "chemicalRate", "tankCapacity"}`, rates in L/ha, capacity in L, one unnamed liquid product.
extension JSONReader {
    static let appEntryKeys = ["id", "date", "fieldArea", "areaUnit", "sprayRate", "chemicalRate", "tankCapacity"]

    /// The app's area unit names.
    private static let appAreaUnits: [String: AreaUnit] = ["ha": .hectare, "ar": .are, "m²": .squareMetre, "m2": .squareMetre]

    mutating func readAppEntry(_ node: Node) -> SprayJob? {
        // Unknown keys only warn here: a newer app version may add fields, and the app, not a
        // person, wrote the file.
        guard let entry = object(node, allowed: Self.appEntryKeys, unknownKeysAreErrors: false) else { return nil }
        let id = entry.optional("id").flatMap { text($0) }
        let date = entry.optional("date").flatMap { readAppDate($0) }
        let area = required("fieldArea", in: entry, expected: MessageText("expected.app-area")).flatMap { positiveNumber($0) }
        var areaUnit = AreaUnit.hectare
        if let unitNode = entry.optional("areaUnit") {
            if case .string(let name) = unitNode.value, let unit = Self.appAreaUnits[name] {
                areaUnit = unit
            } else {
                error(unitNode.path, MessageText("input.app-area-unit", ["unit": Self.literal(unitNode.value)]), code: DiagnosticCode.unit)
            }
        }
        let sprayRate = required("sprayRate", in: entry, expected: MessageText("expected.app-spray-rate")).flatMap { positiveNumber($0) }
        let chemicalRate = required("chemicalRate", in: entry, expected: MessageText("expected.app-product-rate")).flatMap { positiveNumber($0) }
        let capacity = required("tankCapacity", in: entry, expected: MessageText("expected.app-tank")).flatMap { positiveNumber($0) }
        guard let area, let sprayRate, let chemicalRate, let capacity, !hasErrors else { return nil }
        let root = node.path
        var job = SprayJob(
            id: id, date: date,
            field: Field(area: Quantity(area, areaUnit)),
            sprayRate: Quantity(sprayRate, .litresPerHectare),
            tank: Tank(capacity: Quantity(capacity, .litre), loading: .fullThenPartial),
            waterRule: .fillToVolume,
            products: [Product(name: nil, rate: Quantity(chemicalRate, .litresPerHectare))],
            source: .app,
            sourcePaths: JobSourcePaths(
                job: root, area: root.appending("fieldArea"), sprayRate: root.appending("sprayRate"),
                tankCapacity: root.appending("tankCapacity"), products: root.appending("chemicalRate"),
                productRates: [root.appending("chemicalRate")]
            )
        )
        job.timeZone = defaultTimeZone?.identifier
        return job
    }

    private mutating func readAppDate(_ node: Node) -> JobDate? {
        guard let seconds = number(node) else { return nil }
        // JSONEncoder's default: seconds since 2001-01-01; accept 1970 to 2100.
        let date = Date(timeIntervalSinceReferenceDate: seconds)
        guard (-978_307_200.0...3_124_137_600.0).contains(seconds) else {
            error(node.path, MessageText("input.app-date", ["seconds": Self.format(seconds)]), code: DiagnosticCode.date)
            return nil
        }
        return JobDate(instant: date, utcOffsetSeconds: 0, hasTime: true, isUTC: true).inZone(defaultTimeZone)
    }
}
