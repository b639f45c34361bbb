import Foundation
import Testing
@testable import ReportKit

/// The tank card follows its own order (issue 54, item 6): water conditioners first, dry
/// formulations and solid fertilisers, liquids, surfactant and oil adjuvants last; and each
/// product of its checklist carries the number the drawing's legend gives it.
@Suite("The order products go into the tank")
struct MixingOrderTests {
    static func product(_ name: String, kind: ProductKind = .plantProtection, unit: ProductRateUnit = .litresPerHectare) -> Product {
        var product = Product(name: name, rate: Quantity(1, unit), kind: kind)
        product.kindIsStated = kind != .plantProtection
        return product
    }

    /// The review's case: urea, magnesium sulphate and ammonium sulphate came after the liquids
    /// under a card that said "dry first", and an adjuvant with EC in its name among the emulsions.
    @Test func conditionersFirstThenDryThenLiquidsAdjuvantsLast() {
        let products = [
            Self.product("Adiuwant Atpolan 80 EC"), Self.product("Roundup 360 SL"), Self.product("Mocznik techniczny 46%"),
            Self.product("Karate Zeon 050 CS"), Self.product("Siarczan amonu"), Self.product("Mospilan 20 SP"),
            Self.product("Siarczan magnezu", kind: .fertiliser), Self.product("Basfoliar 36 Extra", kind: .fertiliser),
            Self.product("Fastac 100 EC"), Self.product("Olejan 85 EC", kind: .adjuvant), Self.product("Granulat", unit: .kilogramsPerHectare),
        ]
        let order = MixingOrder.indices(of: products).map { products[$0].name ?? "" }
        #expect(order == ["Siarczan amonu", "Mocznik techniczny 46%", "Mospilan 20 SP", "Siarczan magnezu", "Granulat", "Karate Zeon 050 CS",
                          "Fastac 100 EC", "Roundup 360 SL", "Basfoliar 36 Extra", "Adiuwant Atpolan 80 EC", "Olejan 85 EC"], "\(order)")
    }

    @Test func germanAndEnglishNamesSayWhatTheyAreToo() {
        let products = [Self.product("Beispiel-Netzmittel"), Self.product("Harnstoff"), Self.product("AMS 21"), Self.product("Crop oil concentrate"),
                        Self.product("Ammonium sulfate 40%"), Self.product("Beispiel Fungizid EC")]
        let stages = products.map(MixingOrder.stage(of:))
        #expect(stages == [.adjuvant, .dry, .waterConditioner, .adjuvant, .waterConditioner, .emulsion], "\(stages)")
    }

    /// Over random mixes of up to 20 products: the stages never go back, and the order is a
    /// permutation that keeps the job's order within a stage.
    @Test func theOrderNeverGoesBackAStage() {
        let names = ["Siarczan amonu", "Mocznik", "Topsin M 500 SC", "Dursban 480 EC", "Pivot 100 SL", "Polyversum WP", "Adiuwant", "Nawóz", "Tebu 250 EW",
                     "AMS", "Olej rzepakowy", "Mospilan 20 SP", "Produkt"]
        var seed: UInt64 = 0x5EED
        for _ in 0..<500 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(seed >> 59) % 20 + 1
            let products = (0..<count).map { index -> Product in
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let kinds: [ProductKind] = [.plantProtection, .adjuvant, .fertiliser, .biostimulant, .other]
                return Self.product(names[Int(seed >> 40) % names.count] + " \(index)", kind: kinds[Int(seed >> 20) % kinds.count],
                                    unit: seed % 3 == 0 ? .kilogramsPerHectare : .litresPerHectare)
            }
            let order = MixingOrder.indices(of: products)
            #expect(order.sorted() == Array(products.indices))
            let stages = order.map { MixingOrder.stage(of: products[$0]) }
            #expect(zip(stages, stages.dropFirst()).allSatisfy { $0 <= $1 }, "\(stages)")
            for (a, b) in zip(order, order.dropFirst()) where stages[order.firstIndex(of: a)!] == stages[order.firstIndex(of: b)!] { #expect(a < b) }
        }
    }

    /// On the printed card: the checklist lists the products in that order, each with the number
    /// the legend beside the drawing gives it.
    @Test func theCardsChecklistIsNumberedLikeItsLegend() throws {
        let input = EveryDiagnosticCodedTests.repository.appendingPathComponent("Tests/Golden/inputs/pl-mix-ten-products.json")
        let report = try ReportGenerator(options: ReportOptions(template: "tank-card")).report(from: Array(try Data(contentsOf: input)))
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("card.pdf").path
        try Data(try #require(report.pdf)).write(to: URL(fileURLWithPath: path))
        let text = try Tool.run(["pdftotext", "-f", "1", "-l", "1", "-raw", path, "-"]).text
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let job = try JobDecoder.decodeJob(Array(try Data(contentsOf: input))).job
        var previous = text.startIndex
        for index in MixingOrder.indices(of: job.products) {
            let entry = "\(index + 1) \(job.products[index].name ?? "")"
            // In the checklist, in mixing order ...
            let found = text.range(of: entry, range: previous..<text.endIndex)
            #expect(found != nil, "\"\(entry)\" not in order in:\n\(text)")
            if let found { previous = found.upperBound }
        }
        // ... and the legend names the same product by the same number.
        #expect(lines.contains { $0.hasPrefix("4 Siarczan") } && text.contains("4 Siarczan amonu"), "\(text)")
        #expect(text.range(of: "4 Siarczan amonu")!.lowerBound < text.range(of: "1 Chwastox Extra 300 SL")!.lowerBound)
    }
}
