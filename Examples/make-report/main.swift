import Foundation
import ReportKit

// The example of docs/library.md: a spray report and a season's record, made in memory. Built
// and run by the tests (LibraryGuideTests), and compiled as a program outside the package would
// be (public API only), so the guide's code cannot fall behind the library.
//
//   make-report OUTPUT-FOLDER     writes spray-report.pdf and season.csv there

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: make-report OUTPUT-FOLDER\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: CommandLine.arguments[1])

do {
    // One generator per thread: it holds the templates, the fonts and a text engine, so make it
    // once and reuse it for every report of that thread.
    let generator = try ReportGenerator(options: ReportOptions(template: "spray-report", theme: .light, language: .english))

    // 1. A report from JSON bytes (the v1 format or an entry of the app's history), checked like
    // any input: one call decodes, plans, lays out and renders. The PDF is PDF/A-3b and PDF/UA-1
    // (ReportOptions.pdfStandard) and carries the job as read, its record and its plan, so
    // `report-gen extract spray-report.pdf` gives the JSON back.
    let job = Array("""
        {"version": 1, "field": {"name": "North 7", "area": {"value": 12.5, "unit": "ha"}},
         "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}},
         "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]}
        """.utf8)
    let report = try generator.report(from: job)
    for warning in report.warnings { print("warning: \(warning)") }
    if let plan = report.plan {
        print("\(plan.loads.count) tank loads: \(plan.fullLoadCount) full, \(plan.partialLoadCount) partial")
    }
    try Data(report.pdf ?? []).write(to: folder.appendingPathComponent("spray-report.pdf"), options: .atomic)

    // 2. A season's record from a history (here in memory; a file's descriptor reads the same),
    // entry by entry: the CSV of the record, and what the Polish register still lacks.
    let history = Array("""
        [{"version": 1, "date": "2026-04-14", "field": {"name": "North 7", "area": {"value": 12.5, "unit": "ha"}},
          "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}},
          "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]},
         {"version": 1, "date": "2026-05-02", "field": {"name": "Long Meadow", "area": {"value": 8.4, "unit": "ha"}},
          "sprayRate": {"value": 120, "unit": "L/ha"}, "tank": {"capacity": {"value": 600, "unit": "L"}},
          "products": [{"name": "Proline 275", "rate": {"value": 0.72, "unit": "L/ha"}}]}]
        """.utf8)
    guard let input = InputFile(bytes: history) else {
        FileHandle.standardError.write(Data("error: no file in memory can be made for the history\n".utf8))
        exit(71)
    }
    var csv: [UInt8] = []
    let summary = try RecordExporter(form: .data(.csv), check: .pl).export(try HistoryReader(handle: input, name: nil), into: { csv += $0 })
    try Data(csv).write(to: folder.appendingPathComponent("season.csv"), options: .atomic)
    print("record: \(summary.lines) lines, \(summary.incomplete) of them short of the Polish register")
} catch let error as InputError {
    // Every problem of the input, each with its JSON path: "$.products[0].rate.unit: …".
    for diagnostic in error.diagnostics { FileHandle.standardError.write(Data("error: \(diagnostic)\n".utf8)) }
    exit(65)
} catch let error as ReportKitError {
    // Any other of ReportKit's errors (a template, the fonts, a history that cannot be read).
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(70)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(73)
}
