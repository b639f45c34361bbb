import CLITestSupport
import Foundation
import ReportKit
import Testing

/// What report-gen writes is what the golden tests hold the library to, byte for byte. report-gen
/// has cairo leave page content uncompressed for finishing to compress once
/// (`ReportKitProcess.prepare(.compressionInFinishing)`); that may change what a report costs, never its
/// bytes.
@Suite("report-gen writes the golden reports")
struct GoldenCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let options: [String]
        var testDescription: String { name }
    }

    static let folder = ReportGen.repository.appendingPathComponent("Tests/Golden")

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("cases.json").path),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { entry in
            guard let name = entry["name"] as? String, let input = entry["input"] as? String,
                  let template = entry["template"] as? String, let theme = entry["theme"] as? String else { return nil }
            let locale = (entry["locale"] as? String).map { ["--locale", $0] } ?? []
            return Case(name: name, input: input, options: ["--template", template, "--theme", theme] + locale)
        }
    }()

    @Test func everyGoldenIsRun() {
        #expect(Self.cases.count >= 19)
    }

    @Test("report-gen INPUT gives the golden's bytes", arguments: cases)
    func writesTheGoldenBytes(_ golden: Case) throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("\(golden.name).pdf")
        let run = try ReportGen.run([Self.folder.appendingPathComponent("inputs/\(golden.input)").path, "-o", output] + golden.options)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        let expected = try Data(contentsOf: Self.folder.appendingPathComponent("expected/cairo-\(CairoOutputContract.runtimeSeries)/\(golden.name).pdf"))
        #expect(written == expected, "\(golden.name): report-gen wrote \(written.count) bytes, the golden has \(expected.count)")
    }

    @Test func aPlainPDFIsTheLibrarysToo() throws {
        let input = Self.folder.appendingPathComponent("inputs/pl-mix-four-products.json")
        let generator = try ReportGenerator(options: ReportOptions(pdfStandard: PDFStandard.none))
        let library = try #require(try generator.report(from: [UInt8](try Data(contentsOf: input))).pdf)

        let scratch = try ScratchFolder()
        let run = try ReportGen.run([input.path, "--pdf-standard", "none", "-o", scratch.path("plain.pdf")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path("plain.pdf")))) == library)
    }
}
