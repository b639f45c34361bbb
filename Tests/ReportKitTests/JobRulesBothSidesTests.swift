import Foundation
import Testing
@testable import ReportKit

/// One rule set, tried from both sides: each rule is broken once in v1 JSON (the decoder, as
/// report-gen reads it) and once in a job made in code (``JobValidator``, as a library caller
/// makes it); both refuse it, at the same path, with the same message.
@Suite("Job rules from JSON and from code")
struct JobRulesBothSidesTests {
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        /// The path of the error, as JSON.
        let path: String
        /// The JSON job's one change: a key path into the object and its new value (JSON text).
        let json: @Sendable (inout [String: Any]) -> Void
        /// The same change to the job value.
        let value: @Sendable (inout SprayJob) -> Void
    }

    static let baseJSON = """
        {"version": 1, "title": "T2", "date": "2026-05-14T06:00:00+02:00",
         "field": {"name": "North 7", "crop": "winter wheat", "area": {"value": 12.5, "unit": "ha"}},
         "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}},
         "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]}
        """

    static func baseValue() -> SprayJob {
        SprayJob(title: "T2", date: JobDate(rfc3339: "2026-05-14T06:00:00+02:00"),
                 field: Field(name: "North 7", crop: "winter wheat", area: Quantity(12.5, .hectare)),
                 sprayRate: Quantity(200, .litresPerHectare), tank: Tank(capacity: Quantity(1000, .litre)),
                 products: [Product(name: "Roundup 360 SL", rate: Quantity(1.5, .litresPerHectare))])
    }

    static let cases: [Case] = [
        Case(description: "a negative area", path: "$.field.area.value",
             json: { field(&$0, "area", ["value": -5, "unit": "ha"]) }, value: { $0.field.area = Quantity(-5, .hectare) }),
        Case(description: "a spray volume of zero", path: "$.sprayRate.value",
             json: { $0["sprayRate"] = ["value": 0, "unit": "L/ha"] }, value: { $0.sprayRate = Quantity(0, .litresPerHectare) }),
        Case(description: "an empty product name", path: "$.products[0].name",
             json: { $0["products"] = [["name": "", "rate": ["value": 1.5, "unit": "L/ha"]]] },
             value: { $0.products[0].name = "" }),
        Case(description: "no products", path: "$.products",
             json: { $0["products"] = [Any]() }, value: { $0.products = [] }),
        Case(description: "21 products", path: "$.products",
             json: { $0["products"] = (1...21).map { ["name": "P\($0)", "rate": ["value": 1, "unit": "L/ha"]] } },
             value: { job in job.products = (1...21).map { Product(name: "P\($0)", rate: Quantity(1, .litresPerHectare)) } }),
        Case(description: "a title past its length", path: "$.title",
             json: { $0["title"] = String(repeating: "a", count: JobLimits.maximumTextLength + 1) },
             value: { $0.title = String(repeating: "a", count: JobLimits.maximumTextLength + 1) }),
        Case(description: "a control character in the field's name", path: "$.field.name",
             json: { field(&$0, "name", "North\u{7}") }, value: { $0.field.name = "North\u{7}" }),
        Case(description: "a crop code that is not EPPO's", path: "$.field.cropCode",
             json: { field(&$0, "cropCode", "wheat") }, value: { $0.field.cropCode = "wheat" }),
        Case(description: "a crop area smaller than the treated area", path: "$.field.cropArea",
             json: { field(&$0, "cropArea", ["value": 2, "unit": "ha"]) }, value: { $0.field.cropArea = Quantity(2, .hectare) }),
        Case(description: "a parcel with no name", path: "$.field.parcels[0]",
             json: { field(&$0, "parcels", [[String: Any]()]) }, value: { $0.field.parcels = [Parcel(label: nil)] }),
        Case(description: "parcels past their characters together", path: "$.field.parcels",
             json: { field(&$0, "parcels", (0..<30).map { ["label": "P\($0)", "cadastral": (0..<10).map { "0212/\($0)".padding(toLength: 20, withPad: "0", startingAt: 0) }] }) },
             value: { $0.field.parcels = (0..<30).map { Parcel(label: "P\($0)", cadastral: (0..<10).map { "0212/\($0)".padding(toLength: 20, withPad: "0", startingAt: 0) }) } }),
        Case(description: "a BBCH range backwards", path: "$.bbch",
             json: { $0["bbch"] = [37, 31] }, value: { $0.record.bbch = BBCHStage(37, to: 31) }),
        Case(description: "an end before the start", path: "$.endDate",
             json: { $0["endDate"] = "2026-05-14T05:00:00+02:00" }, value: { $0.endDate = JobDate(rfc3339: "2026-05-14T05:00:00+02:00") }),
    ]

    static func field(_ job: inout [String: Any], _ key: String, _ value: Any) {
        var field = job["field"] as! [String: Any]
        field[key] = value
        job["field"] = field
    }

    @Test(arguments: cases)
    func bothRefuseAtTheSamePathWithTheSameMessage(_ rule: Case) throws {
        var object = try JSONSerialization.jsonObject(with: Data(Self.baseJSON.utf8)) as! [String: Any]
        rule.json(&object)
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: object))
        let decoderErrors: [Diagnostic]
        do {
            _ = try JobDecoder.decodeJob(bytes)
            decoderErrors = []
        } catch {
            decoderErrors = error.diagnostics
        }
        var job = Self.baseValue()
        rule.value(&job)
        let valueErrors = JobValidator.diagnostics(for: job).filter { $0.severity == .error }

        let fromJSON = try #require(decoderErrors.first { $0.path.description == rule.path }, "the decoder refuses \(rule): \(decoderErrors)")
        let fromCode = try #require(valueErrors.first { $0.path.description == rule.path }, "the validator refuses \(rule): \(valueErrors)")
        #expect(fromJSON.message == fromCode.message)
        #expect(throws: InputError.self) { try JobValidator.validate(job) }
    }

    @Test func theBaseJobIsValidBothWays() throws {
        _ = try JobDecoder.decodeJob(Array(Self.baseJSON.utf8))
        #expect(JobValidator.diagnostics(for: Self.baseValue()).isEmpty)
    }

    @Test func aNonFiniteRateMadeInCodeIsRefused() {
        var job = Self.baseValue()
        job.products[0].rate = Quantity(.nan, .litresPerHectare)
        #expect(JobValidator.diagnostics(for: job).contains { $0.severity == .error && $0.path.description == "$.products[0].rate.value" })
    }
}
