import Foundation
@testable import ReportKit

/// A catalogue for the label tests: a made-up product with every label fact, so each check has
/// something to check against (docs/examples/products.json holds the sourced ones).
func testCatalogue(validUntil: String? = nil) throws -> ProductCatalogue {
    let json = """
    {"format": "reportkit-products/1", "products": [
      {"name": "Test Fungicide 250 EC", "authorisation": "R-1/2020", \(validUntil.map { "\"validUntil\": \"\($0)\"," } ?? "")
       "activeIngredients": ["testazole 250 g/l"], "restrictedEntryHours": 24, "source": "test fixture",
       "uses": [{"crops": ["pszenica ozima", "winter wheat"], "cropCode": "TRZAW", "maxRate": {"value": 1, "unit": "L/ha"},
                 "maxTreatments": 2, "preHarvestIntervalDays": 35, "bbch": [30, 61]},
                {"crops": ["jabłoń", "apple"], "maxRate": {"value": 50, "unit": "mL/100 L"}, "preHarvestIntervalDays": 14}]},
      {"name": "Test Adjuvant", "kind": "adjuvant", "source": "test fixture"}
    ]}
    """
    return try ProductCatalogue.read(Array(json.utf8), file: "test.json")
}

/// A wheat job with one product of the test catalogue, dated, for a test to change one thing in.
func wheatJob(rate: Double = 0.8, unit: String = "L/ha", date: String = "2026-05-14T07:30:00+02:00") -> [String: Any] {
    var job = baseJob()
    job["date"] = date
    job["field"] = ["name": "Działka 12", "crop": "pszenica ozima", "area": ["value": 10, "unit": "ha"],
                    "parcels": [["label": "12/3"]]]
    job["products"] = [["name": "test fungicide 250EC", "rate": ["value": rate, "unit": unit]]]
    return job
}

/// The job decoded and checked against `catalogue`.
func checked(_ job: [String: Any], _ catalogue: ProductCatalogue?) -> JobCheck {
    JobCheck(decode(job), catalogue: catalogue)
}

extension JobCheck {
    /// The label warnings' messages.
    var labelMessages: [String] { labelWarnings.map(\.description) }
}
