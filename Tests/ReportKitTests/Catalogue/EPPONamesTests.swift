import Testing
@testable import ReportKit

/// The EPPO codes `validate` suggests for names it knows, never for names it does not.
@Suite("EPPO code suggestions")
struct EPPONamesTests {
    @Test func aKnownCropAndTargetsGetTheirCodes() throws {
        var job = baseJob()
        job["field"] = ["crop": "Pszenica  ozima", "area": ["value": 5, "unit": "ha"]]
        job["target"] = "przytulia czepna i miotła zbożowa, mszyce"
        let suggestions = EPPONames.suggestions(for: try decode(job).get().job).map(\.description)
        #expect(suggestions == [
            "$.field.cropCode: \"Pszenica  ozima\" is TRZAW in the EPPO codes (https://gd.eppo.int/taxon/TRZAW); add \"cropCode\": \"TRZAW\"",
            "$.targetCodes: the reason names przytulia czepna (GALAP), miotła zbożowa (APESV) in the EPPO codes; add them to \"targetCodes\": [\"GALAP\", \"APESV\"]",
        ])
    }

    @Test func givenCodesAndUnknownNamesGetNoSuggestion() throws {
        var job = baseJob()
        job["field"] = ["crop": "winter wheat", "cropCode": "TRZAW", "area": ["value": 5, "unit": "ha"]]
        job["target"] = "cleavers"
        job["targetCodes"] = ["GALAP"]
        #expect(EPPONames.suggestions(for: try decode(job).get().job).isEmpty)
        job["field"] = ["crop": "miskant", "area": ["value": 5, "unit": "ha"]]
        job["target"] = "coś innego"
        #expect(EPPONames.suggestions(for: try decode(job).get().job).isEmpty)
    }

    @Test func everyCodeIsWellFormedAndEveryNameNamesOneCode() {
        let all = EPPONames.crops + EPPONames.targets
        #expect(all.allSatisfy { JobRules.eppoCode($0.code) == nil })
        let names = all.flatMap { entry in entry.names.map(ProductCatalogue.key) }
        #expect(Set(names).count == names.count)
    }
}
