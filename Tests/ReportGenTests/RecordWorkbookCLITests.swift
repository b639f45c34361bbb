import Foundation
import Testing
import CLITestSupport

/// `record … -o season.xlsx` (docs/record-format.md): a workbook a spreadsheet opens typed, read
/// back with openpyxl; and `--csv-dialect excel-pl` for Polish Excel.
@Suite("The record as a workbook")
struct RecordWorkbookCLITests {
    static let season = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/register-season.json").path

    /// What openpyxl reads of the workbook, as JSON: each sheet's name, frozen cell, filter, and
    /// its first rows with each cell's value and type.
    private func read(_ workbook: String) throws -> [[String: Any]] {
        let script = """
            import json, sys, datetime, openpyxl
            book = openpyxl.load_workbook(sys.argv[1])
            sheets = []
            for sheet in book.worksheets:
                rows = [[{"value": (c.value.isoformat() if isinstance(c.value, datetime.datetime) else c.value), "type": c.data_type,
                          "date": c.is_date, "format": c.number_format} for c in row] for row in sheet.iter_rows(max_row=40)]
                sheets.append({"name": sheet.title, "frozen": sheet.freeze_panes, "filter": sheet.auto_filter.ref, "rows": rows})
            print(json.dumps(sheets))
            """
        let run = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", script, workbook])
        #expect(run.status == 0, "openpyxl: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aSeasonBecomesATypedWorkbookWithASheetPerHoldingAndTheMachineColumns() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["record", Self.season, "-o", folder.path("season.xlsx"), "--locale", "pl"])
        #expect(run.status == 0, "\(run.stderr)")
        let sheets = try read(folder.path("season.xlsx"))
        #expect(sheets.map { $0["name"] as? String } == ["Nr producenta 068812345", "Zabiegi bez numeru producenta", "record"])
        for sheet in sheets {
            #expect(sheet["frozen"] as? String == "A2", "the header stays in view")
            #expect((sheet["filter"] as? String)?.hasPrefix("A1:") == true, "every column filterable")
        }
        let register = try #require(sheets.first?["rows"] as? [[[String: Any]]])
        let headers = register[0].compactMap { $0["value"] as? String }
        #expect(headers.prefix(3) == ["Lp.", "Termin zabiegu", "Zakończenie"] && headers.contains("Pow. zabiegu [ha]"), "\(headers)")
        let first = register[1]
        #expect(first[1]["date"] as? Bool == true && first[1]["value"] as? String == "2026-04-14T07:30:00", "a date cell: \(first[1])")
        #expect((first[1]["format"] as? String)?.hasPrefix("dd.mm.yyyy") == true, "shown the Polish way")
        let area = try #require(headers.firstIndex(of: "Pow. zabiegu [ha]"))
        #expect(first[area]["type"] as? String == "n" && first[area]["value"] as? Double == 12.5, "a number cell: \(first[area])")
        // The machine sheet: the CSV's columns, numbers as numbers, days as dates.
        let record = try #require(sheets.last?["rows"] as? [[[String: Any]]])
        let columns = record[0].compactMap { $0["value"] as? String }
        #expect(columns.first == "job_id" && columns.contains("treated_area_ha") && columns.count == 46, "\(columns)")
        let dose = try #require(columns.firstIndex(of: "dose"))
        #expect(record[1][dose]["type"] as? String == "n")
        #expect(record[1][try #require(columns.firstIndex(of: "date"))]["date"] as? Bool == true)
        // The same season, the same bytes.
        #expect(try ReportGen.run(["record", Self.season, "-o", folder.path("again.xlsx"), "--locale", "pl"]).status == 0)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("season.xlsx")) == Data(contentsOf: folder.url.appendingPathComponent("again.xlsx")))
    }

    /// A note that a spreadsheet would run as a formula stays text in every cell.
    @Test func textThatLooksLikeAFormulaStaysText() throws {
        let folder = try ScratchFolder()
        var job = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) as! [String: Any]
        job["notes"] = "=HYPERLINK(\"http://evil.invalid\",\"kliknij\")"
        job["operator"] = "+48 600 100 200"
        let input = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: job), as: UTF8.self), to: "job.json")
        #expect(try ReportGen.run(["record", input, "-o", folder.path("job.xlsx")]).status == 0)
        let cells = try read(folder.path("job.xlsx")).flatMap { ($0["rows"] as? [[[String: Any]]]) ?? [] }.flatMap { $0 }
        let formulaLike = cells.filter { ($0["value"] as? String)?.contains("HYPERLINK") == true }
        #expect(!formulaLike.isEmpty && formulaLike.allSatisfy { $0["type"] as? String == "s" }, "\(formulaLike)")
        #expect(!cells.contains { $0["type"] as? String == "f" }, "no formula anywhere")
    }

    @Test func theExcelPolishDialectHasSemicolonsDecimalCommasAndAByteOrderMark() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["record", Self.season, "-o", folder.path("season.csv"), "--csv-dialect", "excel-pl"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("season.csv"))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines[0].hasPrefix("job_id;line;date;"))
        #expect(lines[1].contains(";12,5;") && !lines[1].contains("12.5"), "\(lines[1])")
        let misuse = try ReportGen.run(["record", Self.season, "-o", folder.path("season.json"), "--csv-dialect", "excel-pl"])
        #expect(misuse.status == 64 && misuse.stderr.contains("--csv-dialect is for CSV"))
    }
}
