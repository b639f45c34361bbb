import Foundation
import Testing
@testable import ReportKit

/// The plan's warnings reach the paper: a box on the report and on every tank card, in the
/// report's language and the tank's unit, with nothing printed when there is nothing to say.
@Suite("Warnings on the page")
struct NoticeTests {
    /// The Polish example with a 10 L last load (10.05 ha at 200 L/ha in a 1,000 L tank) and its
    /// first product named twice.
    static func warnedJob() throws -> [UInt8] {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/herbicide-pl.json")
        var job = try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as! [String: Any]
        var field = job["field"] as! [String: Any]
        field["area"] = ["value": 10.05, "unit": "ha"]
        job["field"] = field
        var products = job["products"] as! [Any]
        products.append(products[0])
        job["products"] = products
        return [UInt8](try JSONSerialization.data(withJSONObject: job))
    }

    static func text(of pdf: [UInt8]) throws -> String {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.pdf")
        try Data(pdf).write(to: path)
        return try Tool.run(["pdftotext", path.path, "-"]).text.replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    @Test(arguments: [("spray-report", ReportLanguage.polish), ("tank-card", .polish), ("spray-report", .english), ("tank-card", .english)])
    func everyWarningIsPrintedInTheReportsLanguage(template: String, language: ReportLanguage) throws {
        let report = try ReportGenerator(options: ReportOptions(template: template, language: language)).report(from: try Self.warnedJob())
        #expect(report.warnings.count == 2, "\(report.warnings)")
        let text = try Self.text(of: try #require(report.pdf)).split(whereSeparator: \.isNewline).joined(separator: " ")
        let (title, smallLoad, twice) = language == .polish
            ? ("Sprawdź przed napełnieniem", "Ostatnie napełnienie to tylko 10 l (1 % zbiornika)", "występuje dwa razy (środki 1 i 4)")
            : ("Check before loading", "The last load is only 10 L (1 % of the tank)", "is named twice (products 1 and 4)")
        for words in [title, smallLoad, twice] { #expect(text.contains(words), "\(template) \(language): \(words)") }
        if template == "tank-card" {
            #expect(text.components(separatedBy: title).count - 1 == report.document.pages.count, "on every card")
        }
    }

    @Test func aJobWithoutWarningsHasNoBox() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/herbicide-pl.json")
        let report = try ReportGenerator(options: ReportOptions()).report(from: [UInt8](try Data(contentsOf: example)))
        #expect(report.warnings.isEmpty)
        #expect(!(try Self.text(of: try #require(report.pdf))).contains("Sprawdź przed"))
    }
}
