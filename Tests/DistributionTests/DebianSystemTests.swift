import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// report-gen on a real Debian 13 (trixie), the release with cairo 1.18: a minimal system made
/// with debootstrap from Debian's packages, the Debian package installed there by apt with
/// trixie's own libraries, and the self-contained binary of install.sh beside it
/// (scripts/debian-system.sh). Each runs every example of docs/examples, writes a workbook,
/// reads a job back and writes task data; what they wrote is checked here against the PDF/A-3b
/// and PDF/UA-1 rules and against the same examples drawn on this machine's cairo 1.16: the same
/// pages and the same words (the bytes differ by series, as the goldens do). Part of the
/// Distribution suite, whose tests run one at a time: each builds the package in one folder.
extension DistributionTests {
    static let canMakeASystem = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/debootstrap")
    static let debianExamples = ["fungicide-us", "herbicide-pl", "orchard-equal-loads", "record-pl", "entry"]

    @Test(.enabled(if: canMakeASystem, "needs root and debootstrap (scripts/setup.sh installs it)"))
    func thePackageAndTheStaticBinaryRunEveryExampleOnDebian13() throws {
        let folder = try ScratchFolder()
        let packaged = try Self.packaged.get()
        #expect(packaged.status == 0, "\(packaged.stderr.suffix(800))")
        let deb = packaged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let installed = try Self.installed.get()
        #expect(installed.status == 0, "\(installed.stderr.suffix(800))")
        let out = folder.path("trixie")
        let system = try Self.script("debian-system.sh", ["trixie", deb, Self.installedPrefix, out])
        try #require(system.status == 0, "\(system.stderr.suffix(1500))")

        // apt resolved the package's dependencies with trixie's cairo 1.18 and put the manual and
        // the completions of bash, zsh and fish in place.
        #expect(try String(contentsOfFile: out + "/cairo-package", encoding: .utf8).hasPrefix("1.18."))
        let placed = try String(contentsOfFile: out + "/installed", encoding: .utf8).split(separator: "\n")
        #expect(placed.count == 4, "installed: \(placed)")

        let host = try ScratchFolder()
        for example in Self.debianExamples {
            let job = example == "entry" ? ReportGen.example("app/entry.json") : ReportGen.example("\(example).json")
            let run = try ReportGen.run([job, "-o", host.path("\(example).pdf")])
            #expect(run.status == 0, "\(run.stderr)")
        }
        for binary in ["deb", "static"] {
            let made = out + "/" + binary
            func status(_ step: String) throws -> String {
                try String(contentsOfFile: "\(made)/\(step).status", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            func log(_ step: String) -> String { (try? String(contentsOfFile: "\(made)/\(step).log", encoding: .utf8)) ?? "" }
            #expect(log("version").contains("cairo 1.18.") && log("version").contains("made for"), "\(binary): \(log("version"))")
            for step in Self.debianExamples + ["history", "record", "extract", "isoxml"] {
                #expect(try status(step) == "0", "\(binary) \(step): \(log(step))")
            }
            let pdfs = (Self.debianExamples + ["history"]).map { "\(made)/\($0).pdf" }
            let standard = try ReportGen.run(program: "/usr/bin/env", ["python3", ReportGen.repository.appendingPathComponent("scripts/check-pdf-standard.py").path] + pdfs)
            #expect(standard.status == 0, "\(binary): \(standard.stdout) \(standard.stderr)")
            for example in Self.debianExamples {
                let theirs = "\(made)/\(example).pdf", ours = host.path("\(example).pdf")
                #expect(try Self.pages(theirs) == Self.pages(ours), "\(binary) \(example): the page count differs from cairo 1.16's")
                #expect(try Self.words(theirs) == Self.words(ours), "\(binary) \(example): the words differ from cairo 1.16's")
            }
            // The workbook (libxlsxwriter 1.2, libxlsxwriter.so.8) opens; the job read back from its
            // PDF (qpdf 12, libqpdf.so.30) is the example's bytes; the task data is there.
            let workbook = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c",
                "import openpyxl, sys; book = openpyxl.load_workbook(sys.argv[1]); print(book.sheetnames, book['record'].max_row)", "\(made)/record.xlsx"])
            #expect(workbook.status == 0 && workbook.stdout.contains("record"), "\(binary): \(workbook.stdout) \(workbook.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(made)/extracted.json")) == Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json"))))
            #expect(FileManager.default.fileExists(atPath: "\(made)/isoxml/TASKDATA/TASKDATA.XML"))
        }
    }

    static func pages(_ pdf: String) throws -> Int? {
        try toolOutput(["pdfinfo", pdf]).split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// The words of a PDF in reading order, whatever lines they were broken into.
    static func words(_ pdf: String) throws -> [Substring] {
        try toolOutput(["pdftotext", "-raw", pdf, "-"]).split(whereSeparator: { $0.isWhitespace })
    }
}
