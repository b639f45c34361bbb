import Foundation
import Testing
import CLITestSupport

/// The record as a Polish user opens it: LibreOffice Calc (Debian's headless package), set to
/// Polish, imports the `excel-pl` CSV and opens the workbook, and every cell is compared with the
/// record's own text (Tests/Spreadsheet/libreoffice-reads.py): numbers arrive as numbers, days as
/// dates, UTC offsets, times, authorisation and licence numbers as their text.
@Suite("The record in LibreOffice Calc, Polish and German", .enabled(if: TestRun.isFull, TestRun.slow))
struct SpreadsheetCLITests {
    @Test func theExcelPLCSVAndTheWorkbookReadCellForCellAsTheRecord() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") else {
            Issue.record("LibreOffice is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        // A Polish holding (producer number 068812345) and a season with US units, DST nights
        // and offsets east and west of UTC.
        let inputs = [ReportGen.example("record-pl.json"), ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/register-season.json").path]
        for (name, extra) in [("plain.csv", [String]()), ("polish.csv", ["--csv-dialect", "excel-pl"]), ("season.xlsx", [])] {
            let run = try ReportGen.run(["record"] + inputs + ["-o", folder.path(name)] + extra)
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        let script = ReportGen.repository.appendingPathComponent("Tests/Spreadsheet/libreoffice-reads.py").path
        let read = try ReportGen.run(program: "/usr/bin/env", ["python3", script, folder.path("plain.csv"), folder.path("polish.csv"),
                                                               folder.path("season.xlsx"), folder.path("libreoffice")])
        #expect(read.status == 0, "\(read.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stdout)")
        #expect((result["cells"] as? Int ?? 0) > 500, "\(result["cells"] ?? 0) cells compared")
        let workbook = try #require(result["workbook"] as? [[String: Any]])
        #expect(workbook.isEmpty, "the workbook, every cell as the record: \(workbook.prefix(5))")
        // What no plain CSV form survives (docs/record-format.md): an all-digit identifier with a
        // leading zero becomes a number, without the zero, whatever the import's settings. Nothing else.
        let csv = try #require(result["csv"] as? [[String: Any]])
        let other = csv.filter { $0["kind"] as? String != "identifier with leading zero" }
        #expect(other.isEmpty, "the excel-pl CSV, every other cell as the record: \(other.prefix(5))")
        #expect(csv.allSatisfy { $0["column"] as? String == "holding" && $0["record"] as? String == "068812345" }, "\(csv.prefix(3))")
    }

    /// The German season as a German user opens it: LibreOffice Calc set to German (1031) imports
    /// the `excel-de` CSV, and the German workbook (its sheets' headings in German) is opened; every
    /// cell is the record's, the holdings' numbers (no leading zero) included.
    @Test func theExcelDECSVAndTheGermanWorkbookReadCellForCellAsTheRecord() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") else {
            Issue.record("LibreOffice is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        let season = ReportGen.example("season-de.jsonl")
        for (name, extra) in [("plain.csv", [String]()), ("german.csv", ["--csv-dialect", "excel-de"]), ("season.xlsx", [])] {
            let run = try ReportGen.run(["record", season, "-o", folder.path(name)] + extra)
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        let german = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("german.csv"))))
        #expect(german.starts(with: [0xEF, 0xBB, 0xBF] + Array("job_id;".utf8)), "a byte order mark, then semicolons")
        #expect(String(decoding: german, as: UTF8.self).contains(";23,4;"), "decimal commas")
        let script = ReportGen.repository.appendingPathComponent("Tests/Spreadsheet/libreoffice-reads.py").path
        let read = try ReportGen.run(program: "/usr/bin/env", ["python3", script, folder.path("plain.csv"), folder.path("german.csv"),
                                                               folder.path("season.xlsx"), folder.path("libreoffice"), "1031"])
        #expect(read.status == 0, "\(read.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stdout)")
        #expect((result["cells"] as? Int ?? 0) > 300, "\(result["cells"] ?? 0) cells compared")
        #expect((result["workbook"] as? [[String: Any]])?.isEmpty == true, "the workbook, every cell as the record: \(result["workbook"] ?? [])")
        // What no plain CSV survives (docs/record-format.md): an identifier of digits alone, the
        // German holding's 15-digit number, is read as that number (in full: 15 digits are within
        // a spreadsheet's precision). Nothing else.
        let csv = try #require(result["csv"] as? [[String: Any]])
        let other = csv.filter { $0["kind"] as? String != "identifier of digits" }
        #expect(other.isEmpty, "the excel-de CSV, every other cell as the record: \(other.prefix(5))")
        #expect(csv.allSatisfy { mismatch in
            mismatch["column"] as? String == "holding" && (mismatch["read"] as? String).flatMap { Double($0) } == (mismatch["record"] as? String).flatMap { Double($0) }
        }, "\(csv.prefix(3))")
    }
}
