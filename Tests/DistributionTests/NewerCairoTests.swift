import CLITestSupport
import Foundation
import Testing

/// The folder of a newer cairo's library (`bash scripts/build-cairo.sh` builds Debian 13's 1.18
/// and prints it), for the opt-in test below.
let newerCairo = ProcessInfo.processInfo.environment["REPORTKIT_NEWER_CAIRO"]

/// What a cairo upgrade changes (docs/pdf-standards.md, "cairo"): report-gen run with a newer
/// cairo's library in front of Debian 12's. Opt-in: `REPORTKIT_NEWER_CAIRO=.build/cairo-1.18.4/lib
/// swift test --filter NewerCairo`.
@Suite("A newer cairo", .enabled(if: newerCairo != nil, "set REPORTKIT_NEWER_CAIRO to a newer cairo's lib folder (scripts/build-cairo.sh)"))
struct NewerCairoTests {
    static let examples = ["herbicide-pl.json", "fungicide-us.json", "record-pl.json"]

    static func withNewerCairo(_ arguments: [String]) throws -> ReportGen.Run {
        try ReportGen.run(after: "LD_LIBRARY_PATH=\"\(newerCairo ?? "")\" exec \"$@\"", arguments)
    }

    /// Finishing was made for cairo 1.16's output: with another cairo a PDF is refused, loudly
    /// and with both versions named, never finished into a file it was not made for.
    @Test(arguments: examples)
    func aPDFIsRefusedNamingBothVersions(_ example: String) throws {
        let folder = try ScratchFolder()
        let run = try Self.withNewerCairo([ReportGen.example(example), "-o", folder.path("report.pdf")])
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.contains("cairo 1.16") && run.stderr.contains("running cairo is 1."), "\(run.stderr)")
        #expect(folder.files.isEmpty)
        let version = try Self.withNewerCairo(["--version"])
        #expect(version.stdout.contains("NOT SUPPORTED"), "\(version.stdout)")
    }

    /// Page images, which need no finishing, are drawn by either: the same pages, the same size,
    /// and what a reader sees the same (cairo 1.18 anti-aliases glyph edges differently: about
    /// 3 % of a page's pixels change as drawn, under 0.2 % once blurred by one pixel).
    @Test(arguments: examples)
    func pageImagesChangeOnlyAtGlyphEdges(_ example: String) throws {
        let folder = try ScratchFolder()
        let old = try ReportGen.run([ReportGen.example(example), "--dpi", "60", "-o", folder.path("old.png")])
        let new = try Self.withNewerCairo([ReportGen.example(example), "--dpi", "60", "-o", folder.path("new.png")])
        #expect(old.status == 0 && new.status == 0, "\(old.stderr) \(new.stderr)")
        let oldPages = folder.files.filter { $0.hasPrefix("old") }, newPages = folder.files.filter { $0.hasPrefix("new") }
        #expect(oldPages.count == newPages.count, "the same page count: \(oldPages) \(newPages)")
        for (a, b) in zip(oldPages, newPages) {
            let script = ReportGen.repository.appendingPathComponent("scripts/page-difference.py").path
            let compared = try ReportGen.run(program: "/usr/bin/env", ["python3", script, folder.path(a), folder.path(b)])
            let shares = compared.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            let (drawn, seen) = try #require(shares.count == 2 ? (shares[0], shares[1]) : nil, "\(compared.stdout) \(compared.stderr)")
            print("\(example) \(a): \(String(format: "%.2f", drawn * 100)) % of pixels differ as drawn, \(String(format: "%.3f", seen * 100)) % as seen (blurred one pixel)")
            #expect(seen < 0.005, "\(example) \(a): \(seen * 100) % of pixels differ as a reader sees them: more than glyph edges moved")
        }
    }
}
