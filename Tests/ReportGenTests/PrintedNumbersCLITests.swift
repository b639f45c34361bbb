import Foundation
import Testing
import CLITestSupport

/// Areas and amounts are printed as the shortest decimal after float noise, in the document's
/// own decimal separator, parcel areas included: 42,500 m² once printed as "42 500,000004 m²"
/// in the register and "42500.000004 m2" in validate, and parcel areas kept a decimal point in
/// a Polish register.
@Suite("Numbers as printed")
struct PrintedNumbersCLITests {
    /// The Polish example with its field given in m², a, ha and ac, and parcels with areas.
    private func season(in folder: ScratchFolder) throws -> String {
        var jobs: [Any] = []
        let example = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("record-pl.json"))))
        for (index, (value, unit)) in [(42_500.0, "m2"), (4.25, "ha"), (10.1, "a"), (1.7, "ac")].enumerated() {
            var job = try #require(example as? [String: Any])
            job["id"] = "job-\(index + 1)"
            job["field"] = ["name": "Działka 12", "crop": "pszenica ozima", "area": ["value": value, "unit": unit],
                            "parcels": [["label": "A", "cadastral": ["0212/3"], "area": ["value": value * 0.6, "unit": unit]],
                                        ["label": "B", "cadastral": ["0213/1"], "area": ["value": value * 0.4, "unit": unit]]]]
            jobs.append(job)
        }
        return try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: jobs), as: UTF8.self), to: "season.json")
    }

    @Test func areasArePrintedWithoutFloatNoiseInTheDocumentsSeparator() throws {
        let folder = try ScratchFolder()
        let season = try season(in: folder)
        let validate = try ReportGen.run(["validate", season])
        #expect(validate.stdout.contains("valid v1 job, 42500 m2,") && !validate.stdout.contains("42500.0"), "\(validate.stdout)")
        #expect(try ReportGen.run(["record", season, "-o", folder.path("register.pdf")]).status == 0)
        let register = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path("register.pdf"), "-"]).stdout
            .replacingOccurrences(of: "\u{A0}", with: " ").split(whereSeparator: \.isNewline).joined(separator: " ")
        #expect(register.contains("42 500 m²") && !register.contains("42 500,0000"), "\(register.prefix(1500))")
        for parcel in ["25 500 m²", "2,55 ha", "1,7 ha", "6,06 a", "1,02 ac"] {
            #expect(register.contains(parcel), "\(parcel) in the register")
        }
        #expect(!register.contains("2.55 ha") && !register.contains("25500 m2"), "no decimal point or raw unit in a Polish register")
        #expect(try ReportGen.run(["record", season, "-o", folder.path("pl.csv"), "--csv-dialect", "excel-pl"]).status == 0)
        let polish = try String(contentsOfFile: folder.path("pl.csv"), encoding: .utf8)
        #expect(polish.contains("A: 0212/3 (2,55 ha)") && !polish.contains("(2.55 ha)"), "the excel-pl CSV's parcels with its decimal comma")
        #expect(try ReportGen.run(["record", season, "-o", folder.path("plain.csv")]).status == 0)
        #expect(try String(contentsOfFile: folder.path("plain.csv"), encoding: .utf8).contains("A: 0212/3 (2.55 ha)"))
    }
}
