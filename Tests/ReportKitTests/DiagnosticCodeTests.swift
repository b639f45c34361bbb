import Foundation
import Testing
@testable import ReportKit

/// Diagnostics carry stable codes (docs/diagnostics.md) that programs act on instead of words:
/// each kind of bad input gets its code, and every code the sources give is documented.
@Suite("Diagnostic codes")
struct DiagnosticCodeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func codes(of json: String) -> [String?] {
        do {
            _ = try JobDecoder.decodeJob(Array(json.utf8))
            return []
        } catch {
            return error.diagnostics.map(\.code)
        }
    }

    static let job = #"{"version": 1, "field": {"area": {"value": 12, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "P", "rate": {"value": 1, "unit": "L/ha"}}]}"#

    @Test(arguments: [
        ("{ not json", "input.json.syntax"),
        ("42", "input.not-a-job"),
        (#"{"name": "North"}"#, "input.not-a-job"),
        (job.replacingOccurrences(of: #""value": 12,"#, with: #""value": "12","#), "input.type"),
        (job.replacingOccurrences(of: #""sprayRate": {"value": 200, "unit": "L/ha"}, "#, with: ""), "input.missing"),
        (job.replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "produkts": [],"#), "input.unknown-field"),
        (job.replacingOccurrences(of: #""value": 12,"#, with: #""value": 1e999,"#), "input.number"),
        (job.replacingOccurrences(of: #""value": 12,"#, with: #""value": -3,"#), "input.range"),
        (job.replacingOccurrences(of: #""unit": "ha""#, with: #""unit": "hx""#), "input.unit"),
        (job.replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "locale": "fr","#), "input.choice"),
        (job.replacingOccurrences(of: #""name": "P""#, with: #""name": "\#(String(repeating: "P", count: 201))""#), "input.text"),
        (job.replacingOccurrences(of: #""value": 12,"#, with: #""value": 9999999,"#), "input.limit"),
    ])
    func eachKindOfBadInputHasItsCode(_ input: String, _ code: String) {
        #expect(Self.codes(of: input).contains(code), "\(input.prefix(80)): \(Self.codes(of: input))")
    }

    @Test func everyCodeIsDocumented() throws {
        let guide = try String(contentsOf: Self.repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.repository.appendingPathComponent("Sources/ReportKit/Job/DiagnosticCode.swift"), encoding: .utf8)
        let inputCodes = source.matches(of: /= "(input\.[a-z.-]+)"/).map { String($0.1) }
        #expect(inputCodes.count >= 11)
        for code in inputCodes { #expect(guide.contains("`\(code)`"), "\(code) is not in docs/diagnostics.md") }
        let completeness = try String(contentsOf: Self.repository.appendingPathComponent("Sources/ReportKit/Record/RecordCompleteness.swift"), encoding: .utf8)
        let items = Set(completeness.matches(of: /code: "([a-z-]+)"/).map { String($0.1) })
        #expect(items.count >= 15)
        for item in items { #expect(guide.contains("| `\(item)` |"), "record item \(item) is not in docs/diagnostics.md") }
    }
}
