import Foundation
import Testing
import CLITestSupport

/// `validate` given a report plans its job again and compares the record the report carries with
/// it: a record edited after the report was made (or attached to another job's report) is named,
/// line and field, and refused (exit 65). The PDF is changed with pikepdf, as another program would.
@Suite("A report's record against its job")
struct AttachedRecordCLITests {
    /// Replaces the first product's dose per hectare in every record attachment of argv[1] with
    /// argv[2], in place (the embedded file's stream rewritten, its relationship kept).
    static let tamper = """
        import json, sys, pikepdf
        with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
            for spec in pdf.Root.AF:
                if str(spec.get("/UF", spec.get("/F"))).startswith("record"):
                    stream = spec.EF.F
                    record = json.loads(stream.read_bytes())
                    record["lines"][0]["dosePerHa"]["value"] = float(sys.argv[2])
                    stream.write(json.dumps(record, ensure_ascii=False).encode())
            pdf.save(sys.argv[1])
        """

    @Test func aRecordEditedAfterTheReportIsNamedAndRefused() throws {
        let folder = try ScratchFolder()
        let report = folder.path("report.pdf")
        #expect(try ReportGen.run([ReportGen.example("record-pl.json"), "-o", report]).status == 0)
        let untouched = try ReportGen.run(["validate", report])
        #expect(untouched.status == 0, "a report's own record agrees with its job: \(untouched.stderr)")
        let edited = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", Self.tamper, report, "0.5"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let run = try ReportGen.run(["validate", report])
        #expect(run.status == 65, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("record.json line 1, dosePerHa") && run.stderr.contains("0.5") && run.stderr.contains("1.5")
                && run.stderr.contains("not its job's"), "\(run.stderr)")
        // The pages (and the metadata) name the SHA-256 of the record the report was made with.
        #expect(run.stderr.contains("the pages and metadata name"), "\(run.stderr)")
        let json = try ReportGen.run(["validate", report, "--diagnostics", "json"])
        #expect(json.stderr.contains("\"rule\":\"record.attached-mismatch\"") || json.stderr.contains("\"rule\": \"record.attached-mismatch\""), "\(json.stderr)")
    }

    /// A record made with a product catalogue holds what the job left out (an authorisation
    /// number, the product's kind): more, not other, so it agrees.
    @Test func aRecordFilledFromTheCatalogueStillAgrees() throws {
        let folder = try ScratchFolder()
        let report = folder.path("report.pdf")
        let catalogue = ReportGen.repository.appendingPathComponent("docs/catalogue/products.json").path
        var job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("record-pl.json")))) as? [String: Any])
        job["field"] = ["name": "Za stodołą", "crop": "ziemniak", "area": ["value": 4, "unit": "ha"]]
        job["products"] = [["name": "Karate Zeon 050 CS", "rate": ["value": 0.15, "unit": "L/ha"]]]
        let input = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: job), as: UTF8.self), to: "job.json")
        #expect(try ReportGen.run([input, "-o", report, "--products", catalogue]).status == 0)
        let record = try ReportGen.run(["extract", report, "--record", "-o", "-"])
        #expect(record.stdout.contains("R-31/2013") && record.stdout.contains("lambda-cyhalotryna"), "filled from the catalogue: \(record.stdout.prefix(400))")
        let run = try ReportGen.run(["validate", report])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
