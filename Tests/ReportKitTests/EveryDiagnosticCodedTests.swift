import Foundation
import Testing
@testable import ReportKit

/// Every diagnostic a job can get carries a stable code (docs/diagnostics.md), so a program never
/// has to read the English words: the inputs of the repository (examples, goldens, histories, the
/// bad-input corpus) and a few of each field's own checks, decoded and checked against every
/// record, with a product catalogue.
@Suite("Every diagnostic has a code")
struct EveryDiagnosticCodedTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files() -> [URL] {
        ["Tests/BadInput", "Tests/Golden/inputs", "Tests/Batch", "docs/examples", "docs/examples/app"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.map { repository.appendingPathComponent(folder).appendingPathComponent($0) }
        }
    }

    /// A v1 job with `record` as its record fields and `extra` at its top level.
    static func job(_ extra: String) -> [UInt8] {
        Array(#"{"version": 1, "locale": "pl", \#(extra) "field": {"name": "North", "crop": "pszenica ozima", "area": {"value": 12, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "Roundup 360 SL", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8)
    }

    /// Each field's own checks: a date's form, an end before its start, a BBCH range.
    static let fieldChecks: [[UInt8]] = [
        job(#""date": "14.04.2026","#),
        job(#""date": "2026-04-14T10:00:00+02:00", "endDate": "2026-04-14T09:00:00+02:00","#),
        job(#""record": {"bbch": {"from": 40, "to": 30}},"#),
        job(#""record": {"bbch": {"from": 120}},"#),
        job(#""timeZone": "Mars/Olympus","#),
        job(#""record": {"growthStage": "BBCH 99-10"},"#),
    ]

    @Test func everyDiagnosticOfEveryInputHasADocumentedCode() throws {
        let guide = try String(contentsOf: Self.repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let catalogue = try ProductCatalogue.read(Array(try Data(contentsOf: Self.repository.appendingPathComponent("docs/catalogue/products.json"))), file: "catalogue")
        var uncoded: [String] = [], undocumented: Set<String> = [], seen = 0
        let inputs = try Self.files().map { (name: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0))) }
            + Self.fieldChecks.enumerated().map { (name: "field check \($0.offset)", bytes: $0.element) }
        for (name, bytes) in inputs {
            for record in RecordJurisdiction.allCases {
                let walk: HistoryWalk
                do {
                    walk = try HistoryWalk(bytes: bytes, name: name, record: record, catalogue: catalogue)
                } catch {
                    let diagnostics: [Diagnostic] = if case .invalid(let error) = error { error.diagnostics } else { [] }
                    for diagnostic in diagnostics where diagnostic.code == nil { uncoded.append("\(name): \(diagnostic)") }
                    continue
                }
                while let entry = try? walk.next() {
                    for diagnostic in entry.records() {
                        seen += 1
                        guard let code = diagnostic.code else {
                            uncoded.append("\(name): \(diagnostic.rule) \(diagnostic.path): \(diagnostic.message)")
                            continue
                        }
                        if !guide.contains("`\(code)`"), !guide.contains("`\(code.split(separator: ".").dropLast().joined(separator: "."))`") {
                            undocumented.insert(code)
                        }
                    }
                }
                for diagnostic in walk.seasonWarnings() where diagnostic.code == nil { uncoded.append("\(name): \(diagnostic.message)") }
            }
        }
        #expect(seen > 200, "the inputs were read and checked: \(seen) diagnostics")
        #expect(uncoded.isEmpty, "\(uncoded.count) without a code: \(Array(Set(uncoded)).sorted().prefix(40))")
        #expect(undocumented.isEmpty, "not in docs/diagnostics.md: \(undocumented.sorted())")
    }
}
