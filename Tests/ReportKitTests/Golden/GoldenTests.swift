import Foundation
import Testing
@testable import ReportKit

/// Every report in Tests/Golden renders to exactly its committed PDF. A change that alters any
/// report fails here with where the pages differ; re-record on purpose with
/// `bash scripts/record-goldens.sh` and commit the new PDFs with the change that explains them.
@Suite("Golden reports")
struct GoldenTests {
    @Test("renders exactly the committed PDF", arguments: GoldenCase.all)
    func rendersTheCommittedBytes(_ golden: GoldenCase) throws {
        let actual = try golden.render()
        if GoldenCase.recording {
            try FileManager.default.createDirectory(at: GoldenCase.expectedFolder, withIntermediateDirectories: true)
            try OutputFile.write(actual, to: golden.expectedPath)
            return
        }
        let expected = try #require(FileManager.default.contents(atPath: golden.expectedPath).map { [UInt8]($0) },
                                    "no golden \(golden.expectedPath); record it with bash scripts/record-goldens.sh")
        guard actual != expected else { return }
        let report = try GoldenDifference.explain(name: golden.name, expected: golden.expectedPath, actual: actual)
        Issue.record("\(golden.name): the PDF differs from its golden (\(expected.count) bytes expected, \(actual.count) rendered). \(report)")
    }

    @Test("the golden's text holds the key numbers", arguments: GoldenCase.all)
    func goldenTextHoldsTheKeyNumbers(_ golden: GoldenCase) throws {
        let text = try Tool.run(["pdftotext", "-layout", golden.expectedPath, "-"]).text
            .replacingOccurrences(of: "\u{00A0}", with: " ")
        for expected in golden.text {
            #expect(text.contains(expected), "\(golden.name): \"\(expected)\" is not in the golden's text")
        }
    }

    @Test func everyCaseIsListedAndEveryGoldenHasACase() throws {
        #expect(GoldenCase.all.count >= 19)
        let files = try FileManager.default.contentsOfDirectory(atPath: GoldenCase.expectedFolder.path).filter { $0.hasSuffix(".pdf") }
        #expect(Set(files) == Set(GoldenCase.all.map { "\($0.name).pdf" }), "a golden without a case, or a case without a golden")
    }
}
