import Foundation
import Testing
import CLITestSupport

/// report-gen's findings in the user's language: `--locale`, else the configuration's locale,
/// else English whatever the jobs' own; every finding keeps its code and path in each language.
@Suite("Messages in the user's language")
struct MessageLanguageCLITests {
    /// A Polish job with four mistakes, and a German example season checked for the German record.
    static let broken = #"{"version": 1, "locale": "pl", "field": {"area": {"value": -3, "unit": "hq"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}, "loads": "half"}, "products": [{"name": "P", "rate": {"value": "1", "unit": "L/ha"}}]}"#
    static let germanSeason = ReportGen.repository.appendingPathComponent("docs/examples/season-de.jsonl").path

    private func records(_ stderr: String) throws -> [[String: Any]] {
        try stderr.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func theLocaleOptionTellsEachFindingInItsLanguageWithTheSameCodes() throws {
        let folder = try ScratchFolder()
        let input = try folder.write(Self.broken, to: "job.json")
        var told: [String: [[String: Any]]] = [:]
        for locale in ["en", "de", "pl"] {
            let run = try ReportGen.run(["validate", input, "--locale", locale, "--diagnostics", "json"])
            #expect(run.status == 65)
            told[locale] = try records(run.stderr)
        }
        let english = try #require(told["en"]), german = try #require(told["de"]), polish = try #require(told["pl"])
        #expect(english.count == 4 && german.count == 4 && polish.count == 4, "\(german)")
        for (index, record) in english.enumerated() {
            for other in [german[index], polish[index]] {
                #expect(other["code"] as? String == record["code"] as? String && other["path"] as? String == record["path"] as? String)
                #expect(other["message"] as? String != record["message"] as? String)
            }
        }
        let words = german.compactMap { $0["message"] as? String }
        #expect(words.contains("muss größer als 0 sein, angegeben ist -3"), "\(words)")
        #expect(words.contains { $0.hasPrefix("unbekannte Flächeneinheit \"hq\"") })
        #expect(words.contains("unbekannter Wert \"half\"; erwartet: \"fullThenPartial\" oder \"equal\""))
        #expect(polish.compactMap { $0["message"] as? String }.contains("musi być większe od 0, podano -3"))
        // The text lines say the same words.
        let text = try ReportGen.run(["validate", input, "--locale", "de"])
        #expect(text.stderr.contains("error: $.field.area.value: muss größer als 0 sein, angegeben ist -3"), "\(text.stderr)")
    }

    @Test func withoutAnOptionTheConfigurationsLocaleElseEnglishWhateverTheJobsLocale() throws {
        let folder = try ScratchFolder()
        let input = try folder.write(Self.broken, to: "job.json")
        // The job is Polish; nothing chooses a language, so the findings are English.
        let plain = try ReportGen.run(["validate", input])
        #expect(plain.stderr.contains("$.field.area.value: must be greater than 0, got -3"), "\(plain.stderr)")
        let config = try folder.write(#"{"format": "report-gen-config/1", "locale": "de"}"#, to: "config.json")
        let configured = try ReportGen.run(["validate", input, "--config", config])
        #expect(configured.stderr.contains("$.field.area.value: muss größer als 0 sein, angegeben ist -3"), "\(configured.stderr)")
        // --locale wins over the configuration.
        let chosen = try ReportGen.run(["validate", input, "--config", config, "--locale", "pl"])
        #expect(chosen.stderr.contains("musi być większe od 0, podano -3"), "\(chosen.stderr)")
        // Rendering tells the refusal in the configuration's language too.
        let render = try ReportGen.run([input, "-o", folder.path("out.pdf"), "--config", config])
        #expect(render.status == 65 && render.stderr.contains("muss größer als 0 sein"), "\(render.stderr)")
    }

    @Test func theGermanRecordCheckSpeaksGerman() throws {
        let folder = try ScratchFolder()
        let lines = try String(contentsOfFile: Self.germanSeason, encoding: .utf8).split(separator: "\n").map(String.init)
        // The first job without its applicator, recorded 40 days after the spraying.
        var first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        first["operator"] = nil
        first["recordedAt"] = "2026-05-03T18:00:00+02:00"
        let edited = String(decoding: try JSONSerialization.data(withJSONObject: first), as: UTF8.self)
        let season = try folder.write(([edited] + lines.dropFirst()).joined(separator: "\n") + "\n", to: "season.jsonl")
        let run = try ReportGen.run(["validate", season, "--record-check", "de", "--locale", "de", "--diagnostics", "json"])
        let found = try records(run.stderr)
        let applicator = try #require(found.first { $0["code"] as? String == "record.de.applicator" }, "\(run.stderr)")
        #expect(applicator["message"] as? String
                == "die deutsche Aufzeichnung braucht den Namen der Person, die das Mittel angewendet hat (Name des Anwenders; PflSchG § 11 Abs. 2)")
        let late = try #require(found.first { $0["code"] as? String == "record.de.recorded-late" }, "\(run.stderr)")
        #expect((late["message"] as? String)?.hasPrefix("die deutsche Aufzeichnung wurde 40 Tage nach der Anwendung gemacht") == true, "\(late)")
    }

    /// A run's own failures, a file that cannot be read or written, are said in the chosen
    /// language too, with their codes; the system's words for why stay its own.
    @Test func aRunsFailuresSpeakTheChosenLanguage() throws {
        let folder = try ScratchFolder()
        let missing = try ReportGen.run(["validate", folder.path("nowhere.json"), "--locale", "de"])
        #expect(missing.status == 66 && missing.stderr.contains("nowhere.json: keine solche Datei"), "\(missing.stderr)")
        let job = ReportGen.example("herbicide-pl.json")
        let directory = try ReportGen.run([job, "-o", folder.path(""), "--locale", "pl"])
        #expect(directory.status == 73 && directory.stderr.contains("to folder; oczekiwano nazwy pliku"), "\(directory.stderr)")
        let file = try folder.write("x", to: "taken")
        let batch = try ReportGen.run(["batch", job, "-o", file, "--locale", "de", "--diagnostics", "json"])
        let line = try #require(try JSONSerialization.jsonObject(with: Data(batch.stderr.split(separator: "\n").first.map(String.init)?.utf8 ?? "".utf8)) as? [String: Any],
                                "\(batch.stderr)")
        #expect((line["message"] as? String)?.contains("ist eine Datei; -o nimmt einen Ordner") == true, "\(line)")
        // The configuration's language holds before anything is read.
        let config = try folder.write(#"{"format": "report-gen-config/1", "locale": "pl"}"#, to: "config.json")
        let configured = try ReportGen.run([folder.path("nowhere.json"), "-o", folder.path("out.pdf"), "--config", config])
        #expect(configured.stderr.contains("nie ma takiego pliku") || configured.stderr.contains("nowhere.json"), "\(configured.stderr)")
    }

    /// validate's lines and summary, and the entries they name, in the chosen language.
    @Test func validateSaysItsVerdictInTheChosenLanguage() throws {
        let run = try ReportGen.run(["validate", Self.germanSeason, "--record-check", "de", "--locale", "de"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("season-de.jsonl Eintrag 1 (Zeile 1, ID \"de-2026-01\"): gültiger Auftrag (v1), 23.4 ha, 2 Füllungen"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("season-de.jsonl: 7 von 7 Aufträgen gültig\n"), "\(run.stdout)")
        let english = try ReportGen.run(["validate", Self.germanSeason])
        #expect(english.stdout.hasSuffix("season-de.jsonl: 7 of 7 jobs valid\n"), "\(english.stdout)")
    }
}
