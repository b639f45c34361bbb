import Foundation
import Testing
import CLITestSupport

/// A user's defaults (docs/configuration.md) and own definitions: the configuration file sets the
/// author once, a job's own author and an option still win, `config --show` says where each
/// value comes from, and a folder of exported definitions with edited texts renders.
@Suite("Configuration and own definitions")
struct ConfigurationCLITests {
    static let example = ReportGen.example("herbicide-pl.json")

    /// The example job without its author (and, when asked, without its locale).
    private func job(in folder: ScratchFolder, author: Bool = false, locale: Bool = true) throws -> String {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        if !author { object["author"] = nil }
        if !locale { object["locale"] = nil }
        return try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), to: "job.json")
    }

    private func text(_ pdf: String) throws -> String { try toolOutput(["pdftotext", pdf, "-"]) }

    @Test func theConfiguredAuthorIsCreditedWhenTheJobNamesNoneAndAJobOrAnOptionWins() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("config/report-gen"), withIntermediateDirectories: true)
        _ = try folder.write(#"{"format": "report-gen-config/1", "author": "Spółdzielnia Rolna Pole", "locale": "en"}"#, to: "config/report-gen/config.json")
        let environment = ["XDG_CONFIG_HOME": folder.path("config")]
        let unnamed = try job(in: folder, locale: false)
        let run = try ReportGen.run([unnamed, "-o", folder.path("a.pdf")], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let credited = try text(folder.path("a.pdf"))
        #expect(credited.contains("Spółdzielnia Rolna Pole"))
        #expect(credited.contains("Created by"), "the configuration's locale for a job that states none")
        // The job's own author and locale win over the configuration's.
        let named = try folder.copy(Self.example, as: "named.json")
        #expect(try ReportGen.run([named, "-o", folder.path("b.pdf")], environment: environment).status == 0)
        let own = try text(folder.path("b.pdf"))
        #expect(own.contains("Wojciech Olszak") && !own.contains("Spółdzielnia") && own.contains("Autor:"))
        // An option wins over both.
        #expect(try ReportGen.run([named, "--author", "Jan Nowak", "-o", folder.path("c.pdf")], environment: environment).status == 0)
        #expect(try text(folder.path("c.pdf")).contains("Jan Nowak"))
        // --config names another file; without any, the built-in credit.
        _ = try folder.write(#"{"author": "Gospodarstwo Kowalski"}"#, to: "other.json")
        #expect(try ReportGen.run([unnamed, "--config", folder.path("other.json"), "-o", folder.path("d.pdf")], environment: environment).status == 0)
        #expect(try text(folder.path("d.pdf")).contains("Gospodarstwo Kowalski"))
        #expect(try ReportGen.run([unnamed, "-o", folder.path("e.pdf")]).status == 0)
        #expect(try text(folder.path("e.pdf")).contains("Wojciech Olszak"), "the tests read no configuration of their own")
    }

    @Test func configShowSaysWhereEachValueComesFrom() throws {
        let folder = try ScratchFolder()
        _ = try folder.write(#"{"author": "Spółdzielnia Rolna Pole", "paper": "letter"}"#, to: "config.json")
        let run = try ReportGen.run(["config", "--show", "--config", folder.path("config.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "configuration file: \(folder.path("config.json"))")
        #expect(lines.contains { $0.hasPrefix("author") && $0.contains("Spółdzielnia Rolna Pole") && $0.hasSuffix("(configuration)") })
        #expect(lines.contains { $0.hasPrefix("paper") && $0.contains("letter  (configuration)") })
        #expect(lines.contains { $0.hasPrefix("theme") && $0.contains("light  (built in)") })
        #expect(lines.last?.hasPrefix("precedence: command-line option > the job's own") == true)
        let none = try ReportGen.run(["config", "--show"])
        #expect(none.stdout.hasPrefix("configuration file: none ("), "\(none.stdout)")
    }

    @Test func aWrongConfigurationNamesItsFileAndFieldAndAMissingOneIsUnreadable() throws {
        let folder = try ScratchFolder()
        let file = try folder.write(#"{"author": "Jan", "theme": "drak", "colour": "green"}"#, to: "config.json")
        let job = try job(in: folder)
        let wrong = try ReportGen.run([job, "--config", file, "-o", folder.path("x.pdf")])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("\(file): $.theme: unknown value \"drak\""), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("\(file): $.colour: unknown field \"colour\""), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.pdf")))
        let missing = try ReportGen.run([job, "--config", folder.path("nothing.json"), "-o", folder.path("x.pdf")])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    @Test func anExportedFolderWithEditedTextsRendersAndItsMistakesNameTheFile() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["templates", "--export", folder.path("defs")]).status == 0)
        let locale = folder.path("defs/locales/pl.json")
        let original = try String(contentsOfFile: locale, encoding: .utf8)
        try original.replacingOccurrences(of: #""reportTitle": "Raport oprysku""#, with: #""reportTitle": "Karta zabiegu Spółdzielni""#)
            .write(toFile: locale, atomically: true, encoding: .utf8)
        let job = try job(in: folder, author: true)
        let run = try ReportGen.run([job, "--definitions", folder.path("defs"), "-o", folder.path("own.pdf")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try text(folder.path("own.pdf")).uppercased().contains("KARTA ZABIEGU SPÓŁDZIELNI"))
        // A folder of only the changed file: the rest is built in.
        try FileManager.default.createDirectory(atPath: folder.path("only/locales"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: locale, toPath: folder.path("only/locales/pl.json"))
        let partial = try ReportGen.run([job, "--definitions", folder.path("only"), "--template", "tank-card", "-o", folder.path("card.pdf")])
        #expect(partial.status == 0, "\(partial.stderr)")
        // The configuration can name the folder too.
        _ = try folder.write(#"{"definitions": "defs"}"#, to: "config.json")
        #expect(try ReportGen.run([job, "--config", folder.path("config.json"), "-o", folder.path("conf.pdf")]).status == 0)
        #expect(try text(folder.path("conf.pdf")).uppercased().contains("KARTA ZABIEGU SPÓŁDZIELNI"))
        // A mistake names the file and the JSON path.
        try original.replacingOccurrences(of: #""reportTitle": "Raport oprysku""#, with: #""reportTitle": 12"#)
            .write(toFile: locale, atomically: true, encoding: .utf8)
        let broken = try ReportGen.run([job, "--definitions", folder.path("defs"), "-o", folder.path("broken.pdf")])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("\(folder.path("defs"))/locales/pl.json: $.strings.reportTitle"), "\(broken.stderr)")
        let absent = try ReportGen.run([job, "--definitions", folder.path("nowhere"), "-o", folder.path("x.pdf")])
        #expect(absent.status == 66 && absent.stderr.contains("no such folder"), "\(absent.stderr)")
    }

    @Test func aMisspeltOptionValueNamesTheValueMeant() throws {
        let run = try ReportGen.run([Self.example, "--theme", "drak", "-o", "/dev/null"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("did you mean 'dark'?"), "\(run.stderr)")
        let paper = try ReportGen.run([Self.example, "--paper", "leter", "-o", "/dev/null"])
        #expect(paper.stderr.contains("did you mean 'letter'?"), "\(paper.stderr)")
    }

    @Test func aJobWithoutADateGivesAPDFWithoutACreationDate() throws {
        let folder = try ScratchFolder()
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        object["date"] = nil
        let job = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), to: "job.json")
        for standard in ["pdfa-3b-ua-1", "none"] {
            #expect(try ReportGen.run([job, "--pdf-standard", standard, "-o", folder.path("\(standard).pdf")]).status == 0)
            let info = try toolOutput(["pdfinfo", folder.path("\(standard).pdf")])
            #expect(!info.contains("CreationDate") && !info.contains("ModDate") && !info.contains("1970"), "\(standard): \(info)")
        }
        let metadata = try toolOutput(["pdfinfo", "-meta", folder.path("pdfa-3b-ua-1.pdf")])
        #expect(!metadata.contains("CreateDate") && !metadata.contains("1970"))
    }
}
