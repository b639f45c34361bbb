import CLITestSupport
import Foundation
import Testing
@testable import ReportKit

/// `report-gen INPUT -o OUTPUT` and its companions, run as a new user would run them.
@Suite("report-gen render, validate, templates")
struct RenderCLITests {
    static let golden = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs")
    static func input(_ name: String) -> String { golden.appendingPathComponent(name).path }

    @Test func withoutAnOutputTheReportGoesBesideTheInput() throws {
        let folder = try ScratchFolder()
        let job = try folder.copy(Self.input("en-metric-single.json"), as: "wheat.json")
        let run = try ReportGen.run([job])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.files == ["wheat.json", "wheat.pdf"])
        let text = try toolOutput(["pdftotext", "-layout", folder.path("wheat.pdf"), "-"])
        #expect(text.contains("Long Meadow") && text.contains("1,008 L") && text.contains("Created by Tom") == false)
        #expect(text.contains("Created by Wojciech Olszak"))
    }

    @Test func writesToStandardOutputAndReadsStandardInput() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.input("app-entry.json")))
        let run = try ReportGen.run(["-", "-o", "-"], stdin: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.starts(with: Data("%PDF-".utf8)))
        #expect(run.output.suffix(6).contains(Data("%%EOF".utf8).first!))
    }

    @Test func standardInputWithoutAnOutputIsAUsageError() throws {
        let run = try ReportGen.run(["-"], stdin: Data("{}".utf8))
        #expect(run.status == 64)
        #expect(run.stderr.contains("-o"))
    }

    @Test func localeThemeTemplateAndAuthorOptions() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run([Self.input("en-metric-single.json"), "-o", folder.path("karta.pdf"), "--locale", "pl",
                                     "--template", "tank-card", "--theme", "dark", "--author", "Anna Nowak"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try toolOutput(["pdftotext", "-layout", folder.path("karta.pdf"), "-"])
        #expect(text.contains("Napełnienie 1 z 2") && text.contains("Autor: Anna Nowak") && text.contains("1 008 l") == false)
        #expect(text.contains("600 l"))
        let info = try toolOutput(["pdfinfo", folder.path("karta.pdf")])
        let fields = Dictionary(info.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { first, _ in first })
        #expect(fields["Author"] == "Anna Nowak")
        #expect(fields["Pages"] == "2")
        #expect(fields["Title"] == "Karta napełnienia: Long Meadow")
    }

    @Test func pngWritesOneImagePerPageNumbered() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run([Self.input("en-metric-single.json"), "--template", "tank-card", "--format", "png",
                                     "--dpi", "30", "-o", folder.path("cab.png")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.files == ["cab-1.png", "cab-2.png"])
        let png = try Data(contentsOf: URL(fileURLWithPath: folder.path("cab-1.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let single = try ReportGen.run([Self.input("en-metric-single.json"), "--format", "png", "--dpi", "30", "-o", folder.path("one.png")])
        #expect(single.status == 0)
        #expect(folder.files.contains("one.png"))
    }

    @Test func aHistoryMakesItsCoverWithHistorySummary() throws {
        let folder = try ScratchFolder()
        let history = Self.input("app-history.json")
        let cover = try ReportGen.run([history, "--template", "history-summary", "-o", folder.path("cover.pdf")])
        #expect(cover.status == 0, "\(cover.stderr)")
        #expect(try toolOutput(["pdftotext", folder.path("cover.pdf"), "-"]).contains("3 jobs"))
        let refused = try ReportGen.run([history, "-o", folder.path("report.pdf")])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("history of 3 jobs") && refused.stderr.contains("history-summary"))
        #expect(!folder.files.contains("report.pdf"))
    }

    @Test func badInputExits65AndWritesNothing() throws {
        let folder = try ScratchFolder()
        let job = try folder.write(#"{"version": 1, "field": {"area": {"value": 0, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": []}"#, to: "bad.json")
        let run = try ReportGen.run([job, "-o", folder.path("out.pdf")])
        #expect(run.status == 65)
        #expect(run.stderr.contains("error: $.field.area.value: must be greater than 0"))
        #expect(folder.files == ["bad.json"])
    }

    @Test func aMissingTemplateExits66AndAWrongOneExits65NamingFileAndPath() throws {
        let folder = try ScratchFolder()
        let job = Self.input("en-metric-single.json")
        let missing = try ReportGen.run([job, "--template", folder.path("nothing.json"), "-o", folder.path("a.pdf")])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nothing.json: no such file"))
        let unknown = try ReportGen.run([job, "--template", "spray-reprot", "-o", folder.path("a.pdf")])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("did you mean \"spray-report\"?"))

        let template = try folder.write("""
            {"format": "reportkit-template/1", "name": "mine", "page": {},
             "body": [{"text": "{field.name}", "color": "primaryGren"}, {"stak": []}]}
            """, to: "mine.json")
        let wrong = try ReportGen.run([job, "--template", template, "-o", folder.path("a.pdf")])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("mine.json: $.body[0].color: unknown colour token \"primaryGren\"; did you mean \"primaryGreen\"?"))
        #expect(wrong.stderr.contains("mine.json: $.body[1]: a node must have exactly one of"))
        #expect(wrong.stderr.contains("did you mean \"stack\" for \"stak\"?"))
        #expect(!folder.files.contains("a.pdf"))
    }

    @Test func unwritableOutputExits73AndLeavesNoFile() throws {
        let folder = try ScratchFolder()
        let job = Self.input("en-metric-single.json")
        let missingFolder = try ReportGen.run([job, "-o", folder.path("no/such/folder/r.pdf")])
        #expect(missingFolder.status == 73)
        #expect(missingFolder.stderr.contains("does not exist"))
        let directory = try ReportGen.run([job, "-o", folder.url.path])
        #expect(directory.status == 73)
        #expect(directory.stderr.contains("is a directory"))
        #expect(folder.files.isEmpty)
    }

    @Test func refusesToOverwriteItsInput() throws {
        let folder = try ScratchFolder()
        let job = try folder.copy(Self.input("en-metric-single.json"), as: "job.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: job))
        let run = try ReportGen.run([job, "-o", job])
        #expect(run.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: job)) == before)
    }

    @Test func theSameInputGivesTheSameBytesTwice() throws {
        let folder = try ScratchFolder()
        for name in ["a.pdf", "b.pdf"] {
            #expect(try ReportGen.run([Self.input("pl-mix-four-products.json"), "-o", folder.path(name)]).status == 0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("a.pdf"))) == Data(contentsOf: URL(fileURLWithPath: folder.path("b.pdf"))))
    }

    @Test func validateChecksWithoutWriting() throws {
        let valid = try ReportGen.run(["validate", Self.input("pl-mix-four-products.json")])
        #expect(valid.status == 0)
        #expect(valid.stdout.contains("valid v1 job, 32 ha, 3 loads"))
        let history = try ReportGen.run(["validate", Self.input("app-history.json")])
        #expect(history.stdout.contains("3 of 3 jobs valid"))
        let invalid = try ReportGen.run(["validate", "-"], stdin: Data(#"{"version": 1, "sprayRate": 5}"#.utf8))
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("error: $.field: missing required field"))
    }

    @Test func templatesVersionAndHelp() throws {
        let templates = try ReportGen.run(["templates"])
        #expect(templates.status == 0)
        for name in ["spray-report", "tank-card", "history-summary"] { #expect(templates.stdout.contains(name)) }
        let version = try ReportGen.run(["--version"])
        let running = CairoOutputContract.runtimeVersion
        #expect(version.stdout.hasPrefix("0.4.0 (cairo \(running), made for cairo 1.16 or 1.18; commit "), "\(version.stdout)")
        let help = try ReportGen.run(["--help"])
        #expect(help.stdout.contains("report-gen job.json -o spray-report.pdf"))
        #expect(help.stdout.contains("validate") && help.stdout.contains("templates"))
        let renderHelp = try ReportGen.run(["render", "--help"])
        #expect(renderHelp.stdout.contains("--theme") && renderHelp.stdout.contains("Exit status"))
    }
}
