import Foundation
@testable import ReportKit

/// A valid v1 job as a dictionary, for tests to change one thing in.
func baseJob() -> [String: Any] {
    [
        "version": 1,
        "field": ["name": "Działka 12", "area": ["value": 12.5, "unit": "ha"]],
        "sprayRate": ["value": 200, "unit": "L/ha"],
        "tank": ["capacity": ["value": 1000, "unit": "L"]],
        "products": [["name": "Roundup 360 SL", "rate": ["value": 1.5, "unit": "L/ha"]]],
    ]
}

func bytes(_ object: Any) -> [UInt8] {
    // Sorted keys make every test input the same bytes on every run. An object that cannot be
    // serialised becomes an empty document, which every test would see fail.
    [UInt8]((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
}

func decode(_ object: Any) -> Result<DecodedJob, InputError> {
    decode(text: String(decoding: bytes(object), as: UTF8.self))
}

func decode(text: String) -> Result<DecodedJob, InputError> {
    Result { () throws(InputError) -> DecodedJob in try JobDecoder.decodeJob(Array(text.utf8)) }
}

/// The error lines a job produces (empty when it is accepted).
func errorLines(_ result: Result<DecodedJob, InputError>) -> [String] {
    if case .failure(let error) = result { return error.diagnostics.map(\.description) }
    return []
}

/// Sets `value` at a key path inside nested dictionaries and arrays.
func setting(_ object: [String: Any], _ path: [Any], to value: Any?) -> [String: Any] {
    func set(_ node: Any, _ path: ArraySlice<Any>) -> Any? {
        guard let head = path.first else { return value }
        if let key = head as? String, var dictionary = node as? [String: Any] {
            let child = set(dictionary[key] ?? [String: Any](), path.dropFirst())
            dictionary[key] = child
            return dictionary
        }
        if let index = head as? Int, var array = node as? [Any] {
            array[index] = set(array[index], path.dropFirst()) as Any
            return array
        }
        return node
    }
    return set(object, path[...]) as! [String: Any]
}

func plan(_ object: [String: Any]) throws -> SprayPlan {
    let decoded = try decode(object).get()
    return try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
}

/// A job built directly, for calculator tests that do not need the JSON layer.
func makeJob(
    area: Quantity<AreaUnit>, sprayRate: Quantity<SprayRateUnit>, tank: Quantity<TankUnit>,
    loading: LoadingStrategy = .fullThenPartial, water: WaterRule = .fillToVolume,
    products: [(String, Quantity<ProductRateUnit>)]
) -> SprayJob {
    SprayJob(
        field: Field(area: area), sprayRate: sprayRate, tank: Tank(capacity: tank, loading: loading),
        waterRule: water, products: products.map { Product(name: $0.0, rate: $0.1) }
    )
}

/// `setting` with a dotted path ("products.0.rate.unit") and a JSON fragment ("1e3", "\"ha\""), or
/// nil to remove the key: a form Swift Testing can pass as a test argument.
func setting(_ object: [String: Any], _ dottedPath: String, json: String?) -> [String: Any] {
    let path: [Any] = dottedPath.split(separator: ".").map { Int($0).map { $0 as Any } ?? String($0) }
    let value = json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
    return setting(object, path, to: value)
}

/// The built-in locales, loaded once: tests format numbers through the real locale files. They
/// are part of the package; if they cannot be read, no test of words or numbers means anything,
/// so this stops the run with the reason rather than failing each test obscurely.
enum BuiltInLocales {
    static let english = try! ReportDefinitions.builtIn.locale(.english)
    static let polish = try! ReportDefinitions.builtIn.locale(.polish)

    static func of(_ language: ReportLanguage) -> ReportLocale {
        language == .english ? english : polish
    }
}

extension DisplayQuantity {
    /// The quantity as the built-in locale of `language` writes it.
    func text(in language: ReportLanguage) -> String { BuiltInLocales.of(language).text(self) }
}

extension NumberStyle {
    static func of(_ language: ReportLanguage) -> NumberStyle { BuiltInLocales.of(language).numbers }
}

/// What a layout result holds, for `#require` in tests that cannot go on without it.
extension Placement {
    /// The block of a result that placed everything.
    var completeBlock: Block? {
        if case .complete(let block) = self { return block }
        return nil
    }

    /// The block placed and the rest, of a result that split.
    var split: (block: Block, remainder: any Element)? {
        if case .partial(let block, let remainder) = self { return (block, remainder) }
        return nil
    }
}
