import Foundation
import PropertyBased
import Testing
import CLITestSupport
@testable import ReportKit

/// The default template's page budget (issues 36 and 54): a typical job — up to 6 products and 12
/// loads, every record field at the lengths of docs/examples/record-pl.json, its field of 2
/// parcels or of 12 with 24 cadastral numbers, a warning to check before loading — is one page,
/// A4 or US Letter, in both languages and themes, its record's QR code beside the record card,
/// with modules that scan from an office scan (0.5 mm) in about 40 mm; 20 products take at most
/// 3 pages.
@Suite("The page budget of the spray report")
struct PageBudgetPropertyTests {
    struct Shape: CustomStringConvertible {
        var products: Int
        var loads: Int
        var equalLoads: Bool
        var addToCarrier: Bool
        var polish: Bool
        var us: Bool
        /// A field of 12 parcels with two cadastral numbers each, instead of 2 parcels.
        var manyParcels = false

        var description: String {
            "\(products) products, \(loads) loads, \(equalLoads ? "equal" : "full then partial"), \(addToCarrier ? "add to carrier" : "fill to volume"), \(polish ? "pl" : "en"), \(us ? "US Letter" : "A4")"
                + (manyParcels ? ", 12 parcels" : "")
        }

        var parcels: String {
            guard manyParcels else { return #"[{"label": "A", "cadastral": ["0212/3", "0212/4"]}, {"label": "B", "cadastral": ["0213/1"]}]"# }
            return "[" + (1...12).map { #"{"label": "Działka \#($0)", "cadastral": ["0212/\#(2 * $0 - 1)", "0212/\#(2 * $0)"]}"# }.joined(separator: ", ") + "]"
        }

        /// The job of docs/examples/record-pl.json with `products` products and `loads` loads, and
        /// a planned harvest before the pre-harvest interval allows (a warning on the page).
        var json: String {
            let area = us ? 30.0 : 12.5
            let rate = us ? 20.0 : 200.0
            let liquid = area * rate
            let capacity = loads == 1 ? liquid * 1.25 : (equalLoads ? liquid / Double(loads) : liquid / (Double(loads) - 0.5))
            let products = (0..<self.products).map { index in
                let name = LayoutRangePropertyTests.names[index % LayoutRangePropertyTests.names.count]
                let unit = us ? (index % 2 == 0 ? "fl oz/ac" : "lb/ac") : (index % 3 == 0 ? "L/ha" : index % 3 == 1 ? "kg/ha" : "%")
                let value = us ? 4.0 + Double(index) : (index % 3 == 2 ? 0.1 : 0.5 + Double(index) * 0.25)
                return #"{"name": "\#(name)", "rate": {"value": \#(value), "unit": "\#(unit)"}, "authorisation": "R-\#(index + 12)/2019", "preHarvestIntervalDays": \#(28 + index)}"#
            }
            return """
                {"version": 1, "id": "2026-04-14-dz12", "locale": "\(polish ? "pl" : "en")", "title": "Oprysk herbicydowy",
                 "date": "2026-04-14T07:30:00+02:00", "endDate": "2026-04-14T09:10:00+02:00", "author": "Wojciech Olszak",
                 "field": {"name": "Działka 12", "crop": "pszenica ozima", "cropCode": "TRZAW", "area": {"value": \(area), "unit": "\(us ? "ac" : "ha")"},
                           "cropArea": {"value": \(area + 1.5), "unit": "\(us ? "ac" : "ha")"},
                           "parcels": \(parcels)},
                 "sprayRate": {"value": \(rate), "unit": "\(us ? "gal/ac" : "L/ha")"},
                 "tank": {"capacity": {"value": \(capacity), "unit": "\(us ? "gal" : "L")"}, "loads": "\(equalLoads ? "equal" : "fullThenPartial")"},
                 "water": "\(addToCarrier ? "addToCarrier" : "fillToVolume")",
                 "products": [\(products.joined(separator: ", "))],
                 "operator": "Jan Kowalski", "operatorLicence": "PL-2024-01234", "holding": "068812345",
                 "equipment": "Amazone UX 4200, dysze ID3 110-03", "target": "chwasty dwuliścienne", "targetCodes": ["MATCH", "STEME"],
                 "bbch": [29, 31], "growthStage": "BBCH 29–31", "weather": "8 °C, wiatr 2 m/s, bez opadów",
                 "notes": "Przy rowie zachowano strefę buforową 5 m.", "plannedHarvest": "2026-05-01"}
                """
        }
    }

    static let shapes = zip(Gen.int(in: 1...6), Gen.int(in: 1...12), Gen.int(in: 0...31)).map { products, loads, flags in
        Shape(products: products, loads: loads, equalLoads: flags & 1 != 0, addToCarrier: flags & 2 != 0, polish: flags & 4 != 0, us: flags & 8 != 0,
              manyParcels: flags & 16 != 0)
    }

    static func pages(_ shape: Shape, theme: ThemeName) throws -> LaidOutDocument {
        let generator = try ReportGenerator(options: ReportOptions(theme: theme))
        let plan = try generator.plan(try JobDecoder.decodeJob(Array(shape.json.utf8)))
        #expect(!plan.warnings.isEmpty, "the job has something to check before loading")
        return try generator.layout(try generator.compose(plan))
    }

    @Test func aTypicalJobIsOnePageWithItsCode() async throws {
        await propertyCheck(count: TestRun.cases(40), input: Self.shapes) { shape in
            for theme in ThemeName.allCases {
                do {
                    let document = try Self.pages(shape, theme: theme)
                    #expect(document.pages.count == 1, "\(shape), \(theme): \(document.pages.count) pages")
                    let page = try #require(document.pages.first)
                    #expect(abs(page.size.width - (shape.us ? 612 : 595.28)) < 1, "\(shape): the paper is \(page.size.width) pt wide")
                    let codes = page.commands.compactMap { command -> PlacedModules? in
                        if case .modules(let modules) = command { return modules }
                        return nil
                    }
                    #expect(codes.count == 1, "\(shape), \(theme): the record's QR code is not on the page")
                    // About 40 mm with its quiet zone (40.6 at most), modules of at least 0.5 mm: what
                    // zbar reads from a page scanned at 150 dpi (QRPrintScanTests).
                    let millimetre = 72 / 25.4
                    for code in codes {
                        let module = code.rect.width / Double(code.columns)
                        #expect(module >= 0.5 * millimetre - 1e-9, "\(shape): modules of \(module / millimetre) mm")
                        #expect(code.rect.width + 8 * module <= 40.6 * millimetre, "\(shape): a code \((code.rect.width + 8 * module) / millimetre) mm wide")
                    }
                } catch {
                    Issue.record("\(shape), \(theme): \(error)")
                }
            }
        }
    }

    /// A loose page can be matched to its field and date, and what continues on it says so.
    @Test(arguments: [false, true])
    func everyPageAfterTheFirstSaysWhatItIs(polish: Bool) throws {
        let shape = Shape(products: 20, loads: 12, equalLoads: false, addToCarrier: false, polish: polish, us: false)
        let document = try Self.pages(shape, theme: .light)
        #expect(document.pages.count >= 2)
        let locale = BuiltInLocales.of(polish ? .polish : .english)
        for (index, page) in document.pages.enumerated() {
            let texts = page.commands.compactMap { command -> String? in
                if case .text(let placed) = command { return placed.text.string }
                return nil
            }
            let running = texts.contains { $0.hasPrefix(locale["reportTitle"]) && $0.contains("Działka 12") }
            #expect(running == (index > 0), "page \(index + 1): running header \(running)")
            guard index > 0 else { continue }
            #expect(texts.contains { $0.contains("14") && $0.contains("2026") }, "page \(index + 1) names the date")
            // The first thing under the running header is a heading: a new section, or one that
            // says it continues.
            let continued = texts.contains { $0.contains("(\(locale["continued"]))") }
            let section = texts.contains { $0 == locale["tankBreakdown"] }
            #expect(continued || section, "page \(index + 1) starts with content nobody can place: \(texts.prefix(6))")
        }
    }

    @Test("twenty products take at most three pages", arguments: [false, true])
    func twentyProductsTakeAtMostThreePages(us: Bool) throws {
        let shape = Shape(products: 20, loads: 12, equalLoads: false, addToCarrier: false, polish: true, us: us)
        let document = try Self.pages(shape, theme: .light)
        #expect(document.pages.count <= 3, "\(shape): \(document.pages.count) pages")
    }
}
