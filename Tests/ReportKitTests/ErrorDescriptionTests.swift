import Foundation
import Testing
import ReportKit

/// A library error reads well however a program prints it: Foundation's `localizedDescription`
/// (which says "The operation could not be completed" for an error that is not a
/// `LocalizedError`) gives the same words as `description`, naming the field and what is expected.
@Suite("Library errors read well")
struct ErrorDescriptionTests {
    @Test func anInputErrorNamesTheFieldThroughLocalizedDescription() throws {
        let json = Array(#"{"version": 1, "field": {"area": {"value": -5, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": []}"#.utf8)
        do {
            _ = try ReportGenerator(options: ReportOptions()).report(from: json)
            Issue.record("the job is refused")
        } catch {
            let text = (error as Error).localizedDescription
            #expect(text == error.description)
            #expect(text.contains("$.field.area.value") && text.contains("greater than 0"), "\(text)")
            #expect(text.contains("$.products"), "\(text)")
            #expect(!text.contains("could not be completed"))
        }
    }

    @Test func definitionAndRenderErrorsReadTheSame() {
        let errors: [any Error] = [
            ReportError.definition(DefinitionError(file: "mine.json", "is not a template")),
            RenderError("the font family Inter is not installed"),
            HistoryReadError.unreadable("season.jsonl: no such file"),
        ]
        for error in errors {
            #expect(error.localizedDescription == "\(error)", "\(error)")
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
    }
}
