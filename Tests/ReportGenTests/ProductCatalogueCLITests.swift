import CLITestSupport
import Foundation
import Testing

/// `--products FILE` as a farmer uses it: the catalogue fills the authorisation numbers into the
/// record, the season's treatments are counted in date order, the report prints the earliest
/// harvest and the label warnings in its language, and a broken catalogue is named line by line.
@Suite("The product catalogue on the command line")
struct ProductCatalogueCLITests {
    static let catalogue = """
    name,authorisation,kind,activeIngredients,source,crops,cropCode,maxRate,maxRateUnit,maxTreatments,preHarvestIntervalDays,bbchFrom,bbchTo
    Tebu Test 250 EW,R-7/2021,plantProtection,tebukonazol 250 g/l,fixture,pszenica ozima; winter wheat,TRZAW,1,L/ha,2,35,30,61
    Adiuwant Test,,adjuvant,,fixture,,,,,,,,
    """

    /// A wheat job on `date` at `rate` L/ha, with the adjuvant in the mix.
    static func job(_ id: String, date: String, rate: Double = 1, locale: String = "pl") -> String {
        #"{"version": 1, "id": "\#(id)", "locale": "\#(locale)", "date": "\#(date)", "holding": "068812345", "field": {"name": "Działka 12", "crop": "pszenica ozima", "area": {"value": 10, "unit": "ha"}, "parcels": [{"label": "12/3"}]}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "Tebu Test 250EW", "rate": {"value": \#(rate), "unit": "L/ha"}}, {"name": "Adiuwant Test", "rate": {"value": 0.1, "unit": "%"}}], "target": "mączniak prawdziwy", "bbch": 37}"#
    }

    @Test func aSeasonIsCheckedAgainstTheLabelsAndItsRecordGetsTheNumbers() throws {
        let folder = try ScratchFolder()
        let products = try folder.write(Self.catalogue, to: "labels.csv")
        let season = try folder.write([
            Self.job("a", date: "2026-06-02T07:00:00+02:00"), Self.job("b", date: "2026-04-25T07:00:00+02:00", rate: 1.25),
            Self.job("c", date: "2026-05-12T07:00:00+02:00"),
        ].joined(separator: "\n") + "\n", to: "season.jsonl")
        let validate = try ReportGen.run(["validate", season, "--products", products])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stderr.contains("entry 2 (line 2, id \"b\"): $.products[0].rate: Tebu Test 250EW at 1.25 L/ha is above the label's maximum of 1 L/ha on pszenica ozima"))
        #expect(validate.stderr.contains("entry 1 (line 1, id \"a\"): $.products[0].name: Tebu Test 250EW: treatment 3 on pszenica ozima in 2026 (12/3); the label allows 2 a season"))
        #expect(!validate.stderr.contains("Adiuwant"), "\(validate.stderr)")
        #expect(validate.stderr.contains("hint: \(season) entry 1 (line 1, id \"a\"): $.field.cropCode: \"pszenica ozima\" is TRZAW"))
        #expect(validate.stderr.contains("$.targetCodes: the reason names mączniak prawdziwy zbóż (ERYSGR)"))

        let record = try ReportGen.run(["record", season, "--products", products, "-o", folder.path("season.csv")])
        #expect(record.status == 0, "\(record.stderr)")
        let rows = try RecordCLITests.rows(try String(contentsOfFile: folder.path("season.csv"), encoding: .utf8))
        #expect(rows.map { $0["authorisation"] ?? "?" } == ["R-7/2021", "", "R-7/2021", "", "R-7/2021", ""])
        #expect(rows.map { $0["product_kind"] ?? "?" } == ["plantProtection", "adjuvant", "plantProtection", "adjuvant", "plantProtection", "adjuvant"])
        #expect(rows[0]["earliest_harvest"] == "2026-07-07" && rows[0]["pre_harvest_interval_days"] == "35")
        #expect(record.stderr.contains("treatment 3"))
    }

    @Test func theReportPrintsTheEarliestHarvestAndTheWarningsInItsLanguage() throws {
        let folder = try ScratchFolder()
        let products = try folder.write(Self.catalogue, to: "labels.csv")
        let job = try folder.write(Self.job("a", date: "2026-06-02T07:00:00+02:00", rate: 1.25), to: "job.json")
        let run = try ReportGen.run([job, "--products", products, "-o", folder.path("r.pdf")])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try toolOutput(["pdftotext", "-raw", folder.path("r.pdf"), "-"])
            .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("Najwcześniejszy zbiór"), "\(text)")
        #expect(text.contains("7 lipca 2026"))
        #expect(text.contains("przekracza maksymalną dawkę z etykiety"))
    }

    @Test func aBrokenOrMissingCatalogueEndsTheRunAndSaysWhere() throws {
        let folder = try ScratchFolder()
        let job = try folder.write(Self.job("a", date: "2026-06-02T07:00:00+02:00"), to: "job.json")
        let broken = try folder.write("name,crops,maxRate,maxRateUnit\nTebu,pszenica,1,l/hx\n", to: "broken.csv")
        let run = try ReportGen.run(["validate", job, "--products", broken])
        #expect(run.status == 65)
        #expect(run.stderr.contains("error: broken.csv: line 2, column maxRateUnit: unknown product rate unit \"l/hx\"") || run.stderr.contains("line 2, column maxRateUnit"), "\(run.stderr)")
        let missing = try ReportGen.run([job, "--products", folder.path("none.csv"), "-o", folder.path("r.pdf")])
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.pdf")))
    }
}
