import Foundation
import Testing
@testable import ReportKit

/// One options value: every stored property of `ReportOptions` tells two options apart (the
/// server's generator pool keys on the whole value) and reaches a combined document's cover. A
/// property added later must be added here, to `changed`, or this test fails by name.
@Suite("Report options, one value")
struct ReportOptionsTests {
    /// Each stored property, and the options with only that property changed.
    static func changed(_ base: ReportOptions) -> [String: ReportOptions] {
        var cases: [String: ReportOptions] = [:]
        func with(_ name: String, _ change: (inout ReportOptions) -> Void) {
            var options = base
            change(&options)
            cases[name] = options
        }
        with("template") { $0.template = "tank-card" }
        with("theme") { $0.theme = .dark }
        with("language") { $0.language = .polish }
        with("author") { $0.author = "Spółdzielnia" }
        with("tokensFile") { $0.tokensFile = "/tmp/tokens.json" }
        with("pdfStandard") { $0.pdfStandard = .none }
        with("timeZone") { $0.timeZone = TimeZoneRules.named("America/Chicago") }
        with("paper") { $0.paper = .letter }
        with("catalogue") { $0.catalogue = ProductCatalogue(products: [CatalogueProduct(name: "P")]) }
        with("definitions") { $0.definitions = ReportDefinitions(directory: "/tmp/definitions") }
        with("defaultAuthor") { $0.defaultAuthor = "Jan" }
        with("defaultLanguage") { $0.defaultLanguage = .polish }
        with("fillIn") { $0.fillIn = RecordFillIn(holding: "068812345") }
        return cases
    }

    @Test func everyStoredPropertyTellsOptionsApart() {
        let base = ReportOptions()
        let stored = Set(Mirror(reflecting: base).children.compactMap(\.label))
        let cases = Self.changed(base)
        #expect(stored == Set(cases.keys), "stored properties without a case here: \(stored.subtracting(cases.keys).sorted())")
        for (name, options) in cases {
            #expect(options != base, "\(name) does not tell options apart")
        }
    }

    @Test func theCoverIsDrawnWithEveryOptionButItsTemplate() {
        for (name, report) in Self.changed(ReportOptions()) where name != "template" {
            let cover = CombinedExport.coverOptions(BatchOptions(report: report))
            var expected = report
            expected.template = BatchOptions(report: report).coverTemplate
            #expect(cover == expected, "\(name) does not reach the cover")
        }
    }
}
