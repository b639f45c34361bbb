import Foundation
import Testing
@testable import ReportKit

/// A German job reads as a German farmer writes: `1.234,56`, `06.05.2026`, `l/ha`, German plurals,
/// times in Germany's zone, and words a German spelling dictionary knows.
@Suite("German")
struct GermanLocaleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func german() throws -> ReportLocale {
        try ReportGenerator(options: ReportOptions()).locale(.german)
    }

    @Test func numbersDatesUnitsAndPluralsAreGerman() throws {
        let locale = try Self.german()
        #expect(locale.integer(1_234_567) == "1.234.567")
        #expect(locale.given(1234.56, unit: "L/ha") == "1.234,56\u{A0}l/ha")
        #expect(locale.given(0.5, unit: "kg/ha") == "0,5\u{A0}kg/ha")
        #expect(locale.plural("loads", 1) == "1 Füllung" && locale.plural("loads", 2) == "2 Füllungen")
        #expect(locale.plural("jobs", 21) == "21 Anwendungen")
        let job = try JobDecoder.decodeJob(Array(#"{"version": 1, "locale": "de", "date": "2026-04-04T05:30:00Z", "field": {"area": {"value": 1, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "Mittel", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8)).job
        let date = try #require(job.date)
        // A UTC time of a German job that names no zone is lived in Germany: summer time, +02:00.
        #expect(date.utcOffsetSeconds == 7200)
        #expect(locale.text(date) == "04.04.2026,\u{A0}07:30" || locale.text(date) == "04.04.2026, 07:30", "\(locale.text(date))")
        #expect(locale.text(date, includeTime: false) == "04.04.2026")
    }

    @Test func theGermanExampleRendersInGermanOnOnePage() throws {
        let example = Self.repository.appendingPathComponent("docs/examples/fungicide-de.json")
        let report = try ReportGenerator(options: ReportOptions()).report(from: Array(try Data(contentsOf: example)))
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("de.pdf").path
        try Data(try #require(report.pdf)).write(to: URL(fileURLWithPath: path))
        let text = try Tool.run(["pdftotext", path, "-"]).text
        var cursor = text.startIndex
        for phrase in ["SPRITZBERICHT", "06.05.2026, 06:45", "Großer Schlag", "Winterweizen · 23,4 ha", "5.850 l", "5.821,92 l", "Aufzeichnung der Anwendung",
                       "Anwender", "Jens Hansen", "Zulassungsnr.", "024485-00", "Tankfüllungen", "Summe", "Seite 1 von 1"] {
            let found = text.range(of: phrase.replacing(" ", with: "\u{A0}"), range: cursor..<text.endIndex)
                ?? text.range(of: phrase, range: cursor..<text.endIndex)
            #expect(found != nil, "\"\(phrase)\" missing or out of order in:\n\(text.prefix(600))")
            if let found { cursor = found.upperBound }
        }
        #expect(!text.contains("Spray") && !text.contains("Total"), "no English words on a German page")
        #expect(try Tool.run(["qpdf", "--show-npages", path]).text.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let objects = try Tool.run(["qpdf", "--json", "--json-key=qpdf", path]).text
        #expect(objects.contains(#""/Lang": "u:de""#), "screen readers read it as German")
    }

    /// Every German text of the locale file, as hunspell with Debian's German dictionary reads it:
    /// a word it does not know is a misspelling unless it is one of the trade's terms, codes and
    /// names below (each from ../shared/record-keeping-de.md or the product; each still used).
    @Test func everyGermanWordIsSpelledRight() throws {
        let known: Set<String> = [
            // The trade's words, as German guidance writes them.
            "Aufwandmenge", "Aufwandmengen", "Wasseraufwandmenge", "Befüllkarte", "Wiederbetretungsfrist", "EPA-Registriernummer",
            "Zulassungsnr.", "UTC-Versatz", "QR-Code", "BBCH-Feld", "BBCH-Stadium",
            // The usual abbreviation of "Fortsetzung" (Duden), for a continued entry in a narrow column.
            "Forts.",
            // Codes, units and names.
            "BBCH", "CFR", "EPPO", "FLIK", "SHA-", "ha", "Oprysku", "reportkit-qr",
        ]
        let file = Self.repository.appendingPathComponent("templates/locales/de.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: String])
        let plurals = try #require(json["plurals"] as? [String: [String: String]])
        let texts = Array(strings.values) + plurals.values.flatMap(\.values)
        let placeholder = try Regex(#"\{[A-Za-z]+\}"#)
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("texts.txt")
        // A soft hyphen marks where a long word may break, not a word's end.
        try texts.map { $0.replacing(placeholder, with: "").replacing("\u{AD}", with: "") }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let unknown = Set(try Tool.run(["hunspell", "-d", "de_DE", "-l", input.path]).text.split(separator: "\n").map(String.init))
        #expect(unknown.subtracting(known).isEmpty, "misspelt, or a term to add with its source: \(unknown.subtracting(known).sorted())")
        #expect(known.subtracting(unknown).isEmpty, "no longer used, or now in the dictionary: \(known.subtracting(unknown).sorted())")
        #expect(texts.count > 150, "the file was read")
    }

    /// The German words of every diagnostic (docs/diagnostics.md), as hunspell reads them: what
    /// the user writes in the input (a JSON name or value in quotes, an example in braces, a
    /// command in backquotes, an option such as --overwrite, a number such as 024485-00) is left
    /// out; what stays is German or one of the terms below.
    @Test func everyGermanMessageIsSpelledRight() throws {
        let known: Set<String> = [
            // The trade's and the record's words (record-keeping-de.md), and the law's abbreviations.
            "Aufwandmenge", "Aufwandmengen", "Wasseraufwandmenge", "Wiederbetretungsfrist", "Flurstücksnummern", "EPPO-Code", "EPPO-Codes",
            "BBCH-Stadium", "BBCH-Spalten", "EPA-Registriernummer", "InVeKoS-Schlag", "InVeKoS-Förderantrag", "PflSchG", "VO", "BVL", "BVL-Zulassungsnummer", "GP",
            "FLIK", "LI", "LE", "NF", "WGS", "CFR", "BBCH", "ha",
            // Länder in a FLIK (Brandenburg, Bayern).
            "BB", "BY",
            // JSON's and Unicode's own terms: an escape ("Maskierung") and a UTF-16 surrogate.
            "JSON", "JSON-Wert", "JSON-Werts", "Lines", ".jsonl", "UTF", "Maskierung", "Surrogat", "IANA-Name",
            // Names of the format and the tool, as the user types them.
            "true", "false", "sprayRate", "fillToVolume", "history-summary", "report-gen", "ReportKit", "Oprysku",
            // The drop page's (page.*): its files, the app, a key and a time's form, the EPPO
            // database's address and its code of winter wheat, the Polish inspection, the tank card.
            ".jsonl-Datei", ".json-", "Lines.", "XLSX", "CSV", "App", "Tab", "HH", "EPPO-Datenbank", "gd.eppo.int", "taxon", "TRZAW",
            "PIORiN", "Befüllkarten",
            // A run's (run.*, output.*): a named pipe, the contrast standard, the shell's limits,
            // files and formats the user names, an option's value.
            "JSON-Datei", "Pipe", "WCAG", "AA", "ulimit", "PNG", "NAME.png", "TASKDATA.XML", "docs", "configuration.md", "none", "ID",
        ]
        let file = Self.repository.appendingPathComponent("templates/locales/messages/de.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let messages = try #require(json["messages"] as? [String: String])
        let texts = messages.values.map { text in
            [#/\{[A-Za-z]+\}/#, #/"[^"]*"/#, #/'[^']*'/#, #/`[^`]*`/#, #/\{[^}]*\}/#, #/-?[0-9][0-9-]*/#,
             #/(?:^|[\s(])--?[a-z][a-z-]*/#].reduce(text) { $0.replacing($1, with: "") }
        }
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("messages.txt")
        try texts.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let unknown = Set(try Tool.run(["hunspell", "-d", "de_DE", "-l", input.path]).text.split(separator: "\n").map(String.init))
        #expect(unknown.subtracting(known).isEmpty, "misspelt, or a term to add with its source: \(unknown.subtracting(known).sorted())")
        #expect(known.subtracting(unknown).isEmpty, "no longer used, or now in the dictionary: \(known.subtracting(unknown).sorted())")
        #expect(texts.count > 150, "the file was read")
    }
}
