import Testing
@testable import ReportKit

/// The expansion budget itself: a template that asks for more than a million elements, or more
/// than 64 MB of text, is stopped at the node that crossed the bound.
@Suite("Expansion budget")
struct ExpansionBudgetTests {
    let node = TemplateNode(path: JSONPath.root.appending("body").appending(index: 2), condition: nil, width: nil, kind: .pageBreak)

    @Test func theElementBoundNamesTheNode() throws {
        var budget = ExpansionBudget()
        try budget.spend(elements: ExpansionBudget.maximumElements, for: node, in: "mine.json")
        #expect(throws: DefinitionError.self) { try budget.spend(for: node, in: "mine.json") }
        do {
            try budget.spend(for: node, in: "mine.json")
        } catch {
            #expect(error.description.hasPrefix("mine.json: $.body[2]: this template makes more than 1000000 elements"), "\(error)")
        }
    }

    @Test func theTextBoundNamesTheNode() throws {
        var budget = ExpansionBudget()
        try budget.spend(elements: 0, textBytes: ExpansionBudget.maximumTextBytes, for: node, in: "mine.json")
        #expect(throws: DefinitionError.self) { try budget.spend(elements: 0, textBytes: 1, for: node, in: "mine.json") }
    }
}
