import Foundation
import Testing
import CLITestSupport

/// The record as a Polish user opens it: LibreOffice Calc (Debian's headless package), set to
/// Polish, imports the `excel-pl` CSV and opens the workbook, and every cell is compared with the
/// record's own text (Tests/Spreadsheet/libreoffice-reads.py): numbers arrive as numbers, days as
/// dates, UTC offsets, times, authorisation and licence numbers as their text.
@Suite("The record in LibreOffice Calc, Polish", .enabled(if: TestRun.isFull, TestRun.slow))
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
}
