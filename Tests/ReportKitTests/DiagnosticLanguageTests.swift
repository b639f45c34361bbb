import Foundation
import Testing
@testable import ReportKit

/// Diagnostics in the user's language (docs/diagnostics.md): every finding a job can get has its
/// words in each locale file, German and Polish as well as English, with the same code and path;
/// the words of a finding fill every placeholder they name.
@Suite("Diagnostics in the user's language")
struct DiagnosticLanguageTests {
    static func messages(_ language: ReportLanguage) throws -> [String: String] {
        try ReportDefinitions.builtIn.messages(language)
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: #/\{([A-Za-z]+)\}/#).map { String($0.output.1) })
    }

    @Test func everyLocaleFileHasEveryMessage() throws {
        let english = try Self.messages(.english)
        #expect(english.count > 150, "the messages were read")
        for language in [ReportLanguage.german, .polish] {
            let told = try Self.messages(language)
            #expect(Set(told.keys) == Set(english.keys),
                    "\(language): missing \(Set(english.keys).subtracting(told.keys).sorted()), not English's \(Set(told.keys).subtracting(english.keys).sorted())")
            for (key, words) in told {
                #expect(!words.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(key) is empty")
                // A translation names only what the English one is given; German and Polish name a
                // unit's kind without an article where English needs one ("keine Flächeneinheit").
                let extra = Self.placeholders(words).subtracting(Self.placeholders(english[key] ?? "")).subtracting(["kindWord"])
                #expect(extra.isEmpty, "\(language) \(key) names \(extra.sorted()), which the English does not")
            }
        }
    }

    /// The repository's inputs and each field's own checks, against every record with a
    /// catalogue: every diagnostic they give is said in all three languages, each placeholder
    /// filled, the German and Polish words not the English ones.
    @Test func everyDiagnosticOfTheInputsIsToldInEachLanguage() throws {
        let catalogue = try ProductCatalogue.read(Array(try Data(contentsOf: EveryDiagnosticCodedTests.repository.appendingPathComponent("docs/catalogue/products.json"))),
                                                 file: "catalogue")
        var diagnostics: [Diagnostic] = []
        let inputs = try EveryDiagnosticCodedTests.files().map { Array(try Data(contentsOf: $0)) } + EveryDiagnosticCodedTests.fieldChecks
            + Self.moreChecks
        for bytes in inputs {
            for record in RecordJurisdiction.allCases {
                do {
                    let walk = try HistoryWalk(bytes: bytes, name: nil, record: record, catalogue: catalogue)
                    while let entry = try walk.next() {
                        diagnostics += entry.check.problems + entry.check.warnings + entry.check.missing + entry.check.suggestions
                    }
                    diagnostics += walk.seasonLabelChecks().flatMap(\.season)
                } catch {
                    if case .invalid(let error) = error { diagnostics += error.diagnostics }
                }
            }
        }
        let keys = Set(diagnostics.flatMap(\.text.keys))
        #expect(keys.count > 70, "\(keys.count) messages were said")
        let unkeyed = diagnostics.filter { $0.text.key == nil }.map(\.description)
        #expect(unkeyed.isEmpty, "said in English words alone: \(Set(unkeyed).sorted().prefix(10))")
        var unfilled: Set<String> = [], untranslated: Set<String> = []
        for diagnostic in diagnostics {
            let english = diagnostic.message(in: .english)
            for language in ReportLanguage.allCases {
                let said = diagnostic.message(in: language)
                if !Self.placeholders(said).isEmpty { unfilled.insert("\(language): \(said)") }
                if language != .english, said == english { untranslated.insert("\(language): \(said)") }
            }
        }
        #expect(unfilled.isEmpty, "placeholders left: \(unfilled.sorted().prefix(10))")
        #expect(untranslated.isEmpty, "the English words: \(untranslated.sorted().prefix(10))")
    }

    /// Findings the repository's inputs do not give: syntax, limits, units of another kind, a
    /// product twice, a late German record.
    static let moreChecks: [[UInt8]] = [
        Array(#"{"version": 1, "field": {"area": {"value": 12, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "A", "rate": {"value": 1, "unit": "L/ha"}}], }"#.utf8),
        Array(#"{"version": 1, "field": {"area": {"value": 12, "unit": "L/ha"}}, "sprayRate": {"value": 200, "unit": "l/ha"}, "tank": {"capacity": {"value": 1000, "unit": 5}, "loads": 3}, "products": [{"name": "A", "rate": {"value": 1e999, "unit": "L/ha"}}, {"name": "a", "rate": {"value": "2", "unit": "L/ha"}}]}"#.utf8),
        Array(#"{"version": 1, "date": "2026-04-14T07:00:00+02:00", "recordedAt": "2026-06-30T07:00:00+02:00", "field": {"crop": "Winterweizen", "parcels": [{"label": "DEBBXX0260100301"}], "area": {"value": 12, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "A", "authorisation": "R-12/2020", "rate": {"value": 1, "unit": "L/ha"}}, {"name": "A", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8),
        Array(#"{"version": 1, "field": {"area": {"value": 1e9, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "A", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8),
        Array(#"{"version": 1, "field": {"area": {"value": 10, "unit": "ha"}}, "sprayRate": {"value": 50, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "A", "rate": {"value": 60, "unit": "L/ha"}}]}"#.utf8),
    ]

    /// A user's messages file says its own words; what it lacks is said in the built-in words of
    /// its language.
    @Test func aMessagesFileOfOneWordSaysTheBuiltInWordsForTheRest() throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locales/messages"), withIntermediateDirectories: true)
        let own: [String: Any] = ["language": "de", "messages": ["input.not-positive": "muss positiv sein (eigene Worte), nicht {value}"]]
        try JSONSerialization.data(withJSONObject: own).write(to: folder.appendingPathComponent("locales/messages/de.json"))
        let definitions = ReportDefinitions(directory: folder.path)
        let error = try #require(inputError(#"{"version": 1, "field": {"area": {"value": -2, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "X"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "A", "rate": {"value": 1, "unit": "L/ha"}}]}"#))
        let said = error.diagnostics.map { $0.message(in: .german, definitions: definitions) }
        #expect(said.contains("muss positiv sein (eigene Worte), nicht -2"), "\(said)")
        #expect(said.contains { $0.hasPrefix("unbekannte Einheit der Wasseraufwandmenge \"X\"") }, "the built-in German words: \(said)")
    }

    private func inputError(_ json: String) -> InputError? {
        do {
            _ = try JobDecoder.decodeJob(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }
}
