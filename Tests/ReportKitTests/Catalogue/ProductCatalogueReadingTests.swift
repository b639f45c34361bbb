import Foundation
import Testing
@testable import ReportKit

/// A catalogue is read from JSON or from a spreadsheet's CSV with the same rules, every mistake
/// named with where it is.
@Suite("Product catalogue files")
struct ProductCatalogueReadingTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/catalogue")

    private func read(_ name: String) throws -> ProductCatalogue {
        let bytes = try Data(contentsOf: Self.examples.appendingPathComponent(name))
        return try ProductCatalogue.read([UInt8](bytes), file: name)
    }

    @Test func theShippedExampleIsTheSameInJSONAndCSVAndSaysWhereEachFactIsFrom() throws {
        let json = try read("products.json")
        let csv = try read("products.csv")
        #expect(json == csv)
        #expect(json.products.count >= 10)
        #expect(json.products.allSatisfy { $0.source?.contains("http") == true })
        #expect(Set(json.products.map(\.name)).count == json.products.count)
    }

    @Test func theExampleFollowsTheDocumentedSchema() throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
            print("ok" if not errors else errors[0].message)
            """
        let docs = Self.examples.deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, docs.appendingPathComponent("products-v1.schema.json").path,
                             Self.examples.appendingPathComponent("products.json").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "ok\n", "python3 with jsonschema is needed (scripts/setup.sh): \(text)")
    }

    @Test func aCSVRowPerUseBecomesOneProductWithItsUses() throws {
        let csv = """
        \u{FEFF}name;authorisation;crops;cropCode;maxRate;maxRateUnit;maxTreatments;preHarvestIntervalDays;bbchFrom;bbchTo;activeIngredients
        "Tebu, 250 EW";R-5/2019;"pszenica ozima; winter wheat";TRZAW;1,25;L/ha;2;35;30;61;tebukonazol 250 g/l
        "Tebu, 250 EW";R-5/2019;rzepak ozimy;BRSNW;0,75;L/ha;1;56;;;tebukonazol 250 g/l
        """
        let catalogue = try ProductCatalogue.read(Array(csv.utf8), file: "c.csv")
        #expect(catalogue.products.count == 1)
        let product = try #require(catalogue.products.first)
        #expect(product.name == "Tebu, 250 EW")
        #expect(product.uses.count == 2)
        #expect(product.uses[0].crops == ["pszenica ozima", "winter wheat"])
        #expect(product.uses[0].maxRate == Quantity(1.25, ProductRateUnit.litresPerHectare))
        #expect(product.uses[0].bbch == BBCHStage(30, to: 61))
        #expect(product.uses[1].preHarvestIntervalDays == 56)
        #expect(product.uses[1].bbch == nil)
        #expect(product.activeIngredients == ["tebukonazol 250 g/l"])
    }

    /// Invalid UTF-8 is refused in a CSV catalogue as in a JSON one, with its line and column
    /// (it was read as U+FFFD), and 50,000 rows of one product merge in linear time (quadratic
    /// once: each row compared and copied every use before it).
    @Test func invalidUTF8IsRefusedAndRepeatedRowsMergeInLinearTime() throws {
        var bytes = Array("name,authorisation\nRoundup,R-1\nBad ".utf8) + [0xC3, 0x28] + Array(",R-2\n".utf8)
        #expect(throws: CatalogueError.self) { try ProductCatalogue.read(bytes, file: "c.csv") }
        do {
            _ = try ProductCatalogue.read(bytes, file: "c.csv")
        } catch {
            #expect(error.description.contains("line 3: column 5: bytes that are not UTF-8"), "\(error)")
        }
        bytes = Array("name,authorisation,crops,maxRate,maxRateUnit\n".utf8)
        for index in 0..<50_000 { bytes += Array("Roundup 360 SL,R-12/2019,crop \(index),1,L/ha\n".utf8) }
        let start = ContinuousClock.now
        let catalogue = try ProductCatalogue.read(bytes, file: "big.csv")
        #expect(catalogue.products.count == 1 && catalogue.products[0].uses.count == 50_000)
        #expect(ContinuousClock.now - start < .seconds(30), "merged in \(ContinuousClock.now - start)")
    }

    @Test("each mistake names its line and column, or its JSON path", arguments: [
        ("name,authorisaton\nA,R-1\n", "line 1: unknown column \"authorisaton\"; did you mean \"authorisation\"?"),
        ("authorisation\nR-1\n", "line 1: no column \"name\""),
        ("name,crops,maxRate,maxRateUnit\nA,wheat,lots,L/ha\n", "line 2, column maxRate: expected a number"),
        ("name,crops,maxRate,maxRateUnit\nA,wheat,1,l/hx\n", "line 2, column maxRateUnit: unknown product rate unit \"l/hx\""),
        ("name,crops,bbchFrom,bbchTo\nA,wheat,61,30\n", "line 2, column bbchFrom: the range [61, 30] runs backwards"),
        ("name,crops,maxTreatments\nA,wheat,0\n", "line 2, column maxTreatments: is 0"),
        ("name,validUntil\nA,2026-02-30\n", "line 2, column validUntil: is \"2026-02-30\"; expected a day as YYYY-MM-DD"),
        ("name,authorisation\nA,R-1\nA,R-2\n", "line 3: \"A\" is listed again with other facts than at line 2"),
        ("name\n\"A\n", "line 2: a quoted field is not closed"),
        (#"{"format": "reportkit-products/1", "products": [{"name": "A", "kind": "fungicide"}]}"#, "$.products[0].kind"),
        (#"{"format": "reportkit-products/2", "products": []}"#, "$.format: is \"reportkit-products/2\""),
        (#"{"products": [}"#, "invalid JSON"),
    ])
    func mistakesAreNamed(_ text: String, _ expected: String) {
        #expect(throws: CatalogueError.self) { try ProductCatalogue.read(Array(text.utf8), file: "f") }
        do {
            _ = try ProductCatalogue.read(Array(text.utf8), file: "f")
        } catch {
            #expect(error.problems.contains { $0.contains(expected) }, "\(error.problems)")
        }
    }

    @Test func namesMatchWhateverTheirSpacingAndCase() throws {
        let catalogue = try testCatalogue()
        let product = Product(name: "TEST FUNGICIDE 250EC", rate: Quantity(1, .litresPerHectare))
        #expect(catalogue.entry(for: product)?.name == "Test Fungicide 250 EC")
        let byNumber = Product(name: "Own name", rate: Quantity(1, .litresPerHectare), authorisation: "r-1/2020")
        #expect(catalogue.entry(for: byNumber)?.name == "Test Fungicide 250 EC")
    }
}
