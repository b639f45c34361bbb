import Foundation
import Testing
@testable import ReportKit

/// Finishing refuses, loudly and naming the rule, a cairo or a file it was not made for, instead
/// of finishing it into a broken or different PDF.
@Suite("What finishing relies on in cairo's output")
struct CairoOutputContractTests {
    @Test func onlyTheCairoSeriesFinishingWasMadeForAreAccepted() {
        for supported in [11600, 11612, 11800, 11804] { #expect(CairoOutputContract.problem(withVersion: supported) == nil, "\(supported)") }
        for untested in [11400, 11705, 11900, 20000] {
            let problem = CairoOutputContract.problem(withVersion: untested)
            let named = "\(untested / 10_000).\(untested / 100 % 100).\(untested % 100)"
            #expect(problem?.contains(named) == true && problem?.contains("cairo 1.16 or 1.18") == true, "\(problem ?? "accepted")")
        }
        #expect(CairoOutputContract.runtimeProblem == nil, "the tests run with a cairo finishing was made for")
    }

    /// The step that runs these suites against another cairo (scripts/test-cairo-series.sh) names
    /// the series it put first; this fails if the library loaded is another, so that step can
    /// never pass by testing the system's cairo twice.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["REPORTKIT_CAIRO_SERIES"] != nil))
    func theCairoSeriesAskedForIsTheOneRunning() {
        #expect(CairoOutputContract.runtimeSeries == ProcessInfo.processInfo.environment["REPORTKIT_CAIRO_SERIES"])
        #expect(CairoOutputContract.runtimeProblem == nil)
    }

    /// cairo's own PDF of a small report, before finishing.
    static func rendered() throws -> RenderedPDF {
        let generator = try ReportGenerator(options: ReportOptions())
        let job = """
            {"version": 1, "field": {"name": "North 7", "area": {"value": 12.5, "unit": "ha"}},
             "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}},
             "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]}
            """
        let document = try generator.report(from: Array(job.utf8), output: .pages).document
        return try PDFRenderer(text: generator.text).draw(document)
    }

    static func replacing(_ old: String, with new: String, in rendered: RenderedPDF) -> RenderedPDF {
        var changed = rendered
        // Only ASCII parts of cairo's file, by text of the same length: every offset stays right.
        precondition(old.utf8.count == new.utf8.count)
        if let range = rendered.bytes.firstRange(of: Array(old.utf8)) {
            changed.bytes.replaceSubrange(range, with: Array(new.utf8))
        }
        return changed
    }

    @Test(arguments: [
        (rule: 1, old: "%PDF-1.", new: "%PDF-2."),
        (rule: 2, old: "/Size", new: "/Prev"),
        (rule: 3, old: "\n1 0 obj", new: "\n1 0 xbj"),
        // An object in the middle whose header names another number: every object is checked,
        // digit by digit.
        (rule: 3, old: "\n12 0 obj", new: "\n21 0 obj"),
    ])
    func aFileThatBreaksARuleIsRefusedNamingIt(rule: Int, old: String, new: String) throws {
        let rendered = try Self.rendered()
        #expect(rendered.bytes.firstRange(of: Array(old.utf8)) != nil, "cairo's file has \(String(reflecting: old))")
        let broken = Self.replacing(old, with: new, in: rendered)
        #expect(throws: RenderError.self) { _ = try PDFFinisher(standard: .archivalAccessible).finish(broken, attachments: []) }
        do {
            _ = try PDFFinisher(standard: .archivalAccessible).finish(broken, attachments: [])
        } catch {
            #expect(error.message.contains("rule \(rule)") && error.message.contains("cairo 1.16"), "\(error.message)")
        }
        // The file as cairo wrote it is finished.
        _ = try PDFFinisher(standard: .archivalAccessible).finish(rendered, attachments: [])
    }
}
