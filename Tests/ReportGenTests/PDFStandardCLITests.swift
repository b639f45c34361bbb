import CLITestSupport
import Foundation
import Testing

/// PDF/A-3b and PDF/UA-1 as a user meets them: every template in both themes, single reports,
/// batch files and combined documents pass the rules of scripts/check-pdf-standard.py; the job
/// and plan a report carries come back out byte for byte; a report re-opens as its job.
@Suite("PDF/A-3b and PDF/UA-1 reports")
struct PDFStandardCLITests {
    static func input(_ name: String) -> String {
        ReportGen.repository.appendingPathComponent("Tests/Golden/inputs").appendingPathComponent(name).path
    }

    static let season = ReportGen.repository.appendingPathComponent("Tests/Batch/season.jsonl").path

    /// Runs the rules on `paths`; the failures, one per line, or "" when all pass.
    static func failures(_ paths: [String]) throws -> String {
        let checker = ReportGen.repository.appendingPathComponent("scripts/check-pdf-standard.py").path
        let run = try ReportGen.run(program: "/usr/bin/env", ["python3", checker] + paths)
        #expect(run.status == 0 || run.status == 1, "the checker itself failed: \(run.stderr)")
        return run.stdout
    }

    @Test func everyTemplateInBothThemesConforms() throws {
        let folder = try ScratchFolder()
        var paths: [String] = []
        for theme in ["light", "dark"] {
            for (template, input) in [("spray-report", "pl-mix-seven-products.json"), ("tank-card", "pl-mix-ten-products.json"),
                                      ("history-summary", "app-history.json"), ("spray-report", "en-metric-single.json")] {
                let path = folder.path("\(template)-\(theme)-\(paths.count).pdf")
                let run = try ReportGen.run([Self.input(input), "--template", template, "--theme", theme, "-o", path])
                #expect(run.status == 0, "\(template) \(theme): \(run.stderr)")
                paths.append(path)
            }
        }
        #expect(try Self.failures(paths) == "")
    }

    @Test func batchFilesAndCombinedDocumentsConformAndCarryEveryJob() throws {
        let folder = try ScratchFolder()
        let files = try ReportGen.run(["batch", Self.season, "-o", folder.path("files"), "--quiet"])
        #expect(files.status == 0, "\(files.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("files")).sorted().map { folder.path("files/" + $0) }
        #expect(written.count == 3)
        let combined = try ReportGen.run(["batch", Self.season, "--combined", folder.path("season.pdf"), "--quiet"])
        #expect(combined.status == 0, "\(combined.stderr)")
        #expect(try Self.failures(written + [folder.path("season.pdf")]) == "")

        // Each file carries its own line of the history; the combined document carries them all.
        let lines = try String(contentsOfFile: Self.season, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
        for (index, path) in written.enumerated() {
            #expect(try ReportGen.run(["extract", path]).stdout == lines[index])
        }
        let list = try ReportGen.run(["extract", folder.path("season.pdf"), "--list"]).stdout
        #expect(list.split(separator: "\n").map { $0.split(separator: "\t")[0] }
                == ["job-0001.json", "record-0001.json", "plan-0001.json", "job-0002.json", "record-0002.json", "plan-0002.json",
                    "job-0003.json", "record-0003.json", "plan-0003.json"])
        for number in 1...3 {
            #expect(try ReportGen.run(["extract", folder.path("season.pdf"), "--job", "\(number)"]).stdout == lines[number - 1])
            // The plan (over 1 KB, so kept compressed until the document is finished) and the
            // record come back as each job's own file carries them.
            // (The plan's display strings are in the document's one language, Polish here, so only
            // the Polish job's matches its own file's.)
            for file in number == 1 ? ["--plan", "--record"] : ["--record"] {
                let combinedFile = try ReportGen.run(["extract", folder.path("season.pdf"), "--job", "\(number)", file])
                let ownFile = try ReportGen.run(["extract", written[number - 1], file])
                #expect(combinedFile.status == 0 && !combinedFile.stdout.isEmpty && combinedFile.stdout == ownFile.stdout, "job \(number) \(file)")
            }
        }
        let missing = try ReportGen.run(["extract", folder.path("season.pdf"), "--job", "4"])
        #expect(missing.status == 65 && missing.stderr.contains("carries 3 jobs"))

        // The combined document re-opens as its history: validated, and made again.
        let validated = try ReportGen.run(["validate", folder.path("season.pdf")])
        #expect(validated.status == 0 && validated.stdout.contains("3 of 3 jobs valid"), "\(validated.stdout)\(validated.stderr)")
        let again = try ReportGen.run(["batch", folder.path("season.pdf"), "--combined", folder.path("again.pdf"), "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try ReportGen.run(["extract", folder.path("again.pdf"), "--list"]).stdout.split(separator: "\n").count == 9)
    }

    @Test func aReportGivesBackItsJobByteForByteAndReopensAsIt() throws {
        let folder = try ScratchFolder()
        let job = Self.input("us-fungicide.json")
        #expect(try ReportGen.run([job, "-o", folder.path("report.pdf")]).status == 0)
        #expect(try ReportGen.run(["extract", folder.path("report.pdf"), "-o", folder.path("job.json")]).status == 0)
        #expect(FileManager.default.contents(atPath: folder.path("job.json")) == FileManager.default.contents(atPath: job))
        let plan = try ReportGen.run(["extract", folder.path("report.pdf"), "--plan"])
        let planJSON = try ReportGen.run(["plan", "--json", job]).stdout
        #expect(plan.status == 0 && plan.stdout == planJSON)

        // validate, plan and render take the report in place of its job; made again, it is the same report.
        #expect(try ReportGen.run(["validate", folder.path("report.pdf")]).stdout.contains("valid v1 job"))
        let planText = try ReportGen.run(["plan", job]).stdout
        #expect(try ReportGen.run(["plan", folder.path("report.pdf")]).stdout == planText)
        #expect(try ReportGen.run([folder.path("report.pdf"), "-o", folder.path("again.pdf")]).status == 0)
        #expect(FileManager.default.contents(atPath: folder.path("again.pdf")) == FileManager.default.contents(atPath: folder.path("report.pdf")))
        // From standard input too.
        let piped = try ReportGen.run(["plan", "-"], stdin: FileManager.default.contents(atPath: folder.path("report.pdf")))
        #expect(piped.status == 0 && piped.stdout == planText)
        // --all writes every file under its own name.
        #expect(try ReportGen.run(["extract", folder.path("report.pdf"), "--all", "-o", folder.path("files")]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("files")).sorted() == ["job.json", "plan.json", "record.json"])
        let record = try ReportGen.run(["extract", folder.path("report.pdf"), "--record"])
        let written = try ReportGen.run(["record", job, "--format", "json"])
        #expect(record.status == 0 && record.stdout == written.stdout)
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let folder = try ScratchFolder()
        for name in ["one.pdf", "two.pdf"] {
            #expect(try ReportGen.run([Self.input("pl-mix-four-products.json"), "--template", "tank-card", "-o", folder.path(name)]).status == 0)
        }
        #expect(FileManager.default.contents(atPath: folder.path("one.pdf")) == FileManager.default.contents(atPath: folder.path("two.pdf")))
    }

    @Test func aPlainPDFCarriesNothingAndClaimsNothing() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run([Self.input("en-metric-single.json"), "--pdf-standard", "none", "-o", folder.path("plain.pdf")]).status == 0)
        let extracted = try ReportGen.run(["extract", folder.path("plain.pdf")])
        #expect(extracted.status == 65 && extracted.stderr.contains("carries no job"))
        #expect(try Self.failures([folder.path("plain.pdf")]).contains("no /Metadata stream"))
        let bad = try ReportGen.run([Self.input("en-metric-single.json"), "--pdf-standard", "pdfa-1", "-o", folder.path("x.pdf")])
        #expect(bad.status == 64 && bad.stderr.contains("pdf-standard"))
    }

    @Test func extractRefusesWhatIsNotAReportWithoutCrashing() throws {
        let folder = try ScratchFolder()
        let notPDF = try ReportGen.run(["extract", Self.input("en-metric-single.json")])
        #expect(notPDF.status == 66 && notPDF.stderr.contains("is not a PDF"))
        let broken = try folder.write("%PDF-1.7\nthis is not a PDF at all\n", to: "broken.pdf")
        let unreadable = try ReportGen.run(["extract", broken])
        #expect(unreadable.status == 66, "\(unreadable.stderr)")
        // A tiny attachment that inflates to 100 MB is refused, not read into memory.
        let bomb = folder.path("bomb.pdf")
        let script = """
            import pikepdf, zlib, sys
            pdf = pikepdf.new(); pdf.add_blank_page()
            data = pikepdf.Stream(pdf, zlib.compress(b"{" + b" " * (100 * 1024 * 1024), 9))
            data.Filter = pikepdf.Name.FlateDecode; data.Type = pikepdf.Name.EmbeddedFile
            spec = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Filespec, F="job.json", UF="job.json",
                AFRelationship=pikepdf.Name.Source, EF=pikepdf.Dictionary(F=data)))
            pdf.Root.AF = pikepdf.Array([spec]); pdf.save(sys.argv[1])
            """
        #expect(try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", script, bomb]).status == 0)
        let refused = try ReportGen.run(["extract", bomb])
        #expect(refused.status == 66 && refused.stderr.contains("inflates to more than"), "\(refused.stderr)")
        let asInput = try ReportGen.run(["validate", bomb])
        #expect(asInput.status == 65 && asInput.stderr.contains("inflates to more than"), "\(asInput.stderr)")
    }
}
