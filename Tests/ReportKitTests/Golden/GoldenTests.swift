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

    @Test func everyCaseIsListedAndEveryGoldenHasACaseInEverySeries() throws {
        #expect(GoldenCase.all.count >= 19)
        for series in GoldenCase.allSeries {
            let files = try FileManager.default.contentsOfDirectory(atPath: GoldenCase.expectedFolder(series: series).path).filter { $0.hasSuffix(".pdf") }
            #expect(Set(files) == Set(GoldenCase.all.map { "\($0.name).pdf" }), "cairo \(series): a golden without a case, or a case without a golden")
        }
    }

    /// The series' goldens differ in bytes (how fonts are embedded) but never in what a reader
    /// sees: the same text (what an ellipsis hides aside), the same pages, the same size, and under 0.5 % of a page's pixels different once
    /// blurred by one pixel at 60 dpi (cairo 1.18 anti-aliases glyph edges differently: a few
    /// per cent of pixels change as drawn; a moved line or word would change far more).
    @Test("every series' golden looks the same", arguments: GoldenCase.all)
    func everySeriesLooksTheSame(_ golden: GoldenCase) throws {
        let series = GoldenCase.allSeries
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages: [[String]] = []
        for name in series {
            let prefix = folder.appendingPathComponent("cairo-\(name)").path
            _ = try Tool.run(["pdftoppm", "-png", "-r", "60", golden.expectedPath(series: name), prefix])
            let made = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("cairo-\(name)-") }.sorted()
            pages.append(made.map { folder.appendingPathComponent($0).path })
        }
        // The same text, line by line, but for what an ellipsis hides: cairo 1.16 writes the words
        // Pango elided as the "…" glyph's /ActualText, which text extraction returns though no
        // reader sees them; 1.18, asked for PDF 1.4, writes the "…" itself.
        let lines = try series.map { name in
            try Tool.run(["pdftotext", "-raw", golden.expectedPath(series: name), "-"]).text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        #expect(lines[0].count == lines[lines.count - 1].count, "\(golden.name): the series' goldens hold different lines")
        for (old, new) in zip(lines[0], lines[lines.count - 1]) where old != new {
            let parts = new.split(separator: "…", maxSplits: 1, omittingEmptySubsequences: false)
            let elided = parts.count == 2 && old.hasPrefix(parts[0]) && old.hasSuffix(parts[1]) && old.count > new.count
            #expect(elided, "\(golden.name): the series' goldens differ in \"\(old)\" and \"\(new)\"")
        }
        let (oldest, newest) = (pages[0], pages[pages.count - 1])
        #expect(oldest.count == newest.count && !oldest.isEmpty, "\(golden.name): \(oldest.count) pages on cairo \(series[0]), \(newest.count) on \(series.last ?? "")")
        let script = GoldenCase.folder.appendingPathComponent("../../scripts/page-difference.py").standardizedFileURL.path
        for (index, (a, b)) in zip(oldest, newest).enumerated() {
            let shares = try Tool.run(["python3", script, a, b]).text.split(separator: " ")
                .compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            let seen = try #require(shares.count == 2 ? shares[1] : nil, "\(golden.name) page \(index + 1): page sizes differ")
            #expect(seen < 0.005, "\(golden.name) page \(index + 1): \(seen * 100) % of pixels differ between the series as a reader sees them")
        }
    }
}
