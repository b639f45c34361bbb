import Foundation
import ReportKit

// The example of docs/library.md: a spray report made in memory, two ways. Built and run by the
// tests (LibraryGuideTests), so the guide's code cannot fall behind the library.
//
//   make-report OUTPUT-FOLDER     writes from-json.pdf and from-value.pdf there

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: make-report OUTPUT-FOLDER\n".utf8))
    exit(64)
}
let folder = CommandLine.arguments[1]

do {
    // One generator per thread: it holds the templates, the fonts and a text engine, so make it
    // once and reuse it for every report of that thread.
    let generator = try ReportGenerator(options: ReportOptions(template: "spray-report", theme: .light, language: .english))

    // 1. From JSON bytes (the v1 format or an entry of the app's history), checked like any
    // input: one call decodes, plans, lays out and renders. The PDF is PDF/A-3b and PDF/UA-1
    // (ReportOptions.pdfStandard) and carries the job as read, its record and its plan, so
    // `report-gen extract from-json.pdf` gives the JSON back.
    let json = Array("""
        {"version": 1, "field": {"name": "North 7", "area": {"value": 12.5, "unit": "ha"}},
         "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}},
         "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]}
        """.utf8)
    let report = try generator.report(from: json)
    for warning in report.warnings { print("warning: \(warning)") }
    let pdf = report.pdf ?? []
    try OutputFile.write(pdf, to: folder + "/from-json.pdf")

    // 2. From a job made in code: validated with the decoder's own rules, then reported.
    let job = SprayJob(
        title: "Fungicide, T2", locale: .english,
        field: Field(name: "Long Meadow", crop: "winter wheat", area: Quantity(8.4, .hectare)),
        sprayRate: Quantity(120, .litresPerHectare),
        tank: Tank(capacity: Quantity(600, .litre)),
        products: [Product(name: "Proline 275", rate: Quantity(0.72, .litresPerHectare), authorisation: "MAPP 13851")])
    try JobValidator.validate(job)
    let valuePDF = try generator.report(for: try SprayCalculator.plan(for: job)).pdf ?? []
    try OutputFile.write(valuePDF, to: folder + "/from-value.pdf")
    print("wrote \(folder)/from-json.pdf (\(pdf.count) bytes) and \(folder)/from-value.pdf (\(valuePDF.count) bytes)")
} catch let error as InputError {
    // Every problem of the input, each with its JSON path: "$.products[0].rate.unit: …".
    for diagnostic in error.diagnostics { FileHandle.standardError.write(Data("error: \(diagnostic)\n".utf8)) }
    exit(65)
} catch let error as ReportError {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(70)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(73)
}
