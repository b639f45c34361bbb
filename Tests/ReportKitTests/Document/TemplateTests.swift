import Foundation
import Synchronization
import Testing
@testable import ReportKit
import ReportTemplates

/// Templates are data written by people: every mistake is reported with its file, its path and
/// what is expected, before any report is made.
@Suite("Templates and tokens")
struct TemplateTests {
    /// A deferred part of the data is made the first time a template names it, once however often
    /// it is named, and never when no template does.
    @Test func deferredDataIsMadeOnlyWhenNamedAndOnce() throws {
        let made = Mutex(0)
        let scope = Scope(root: [
            "rows": .deferred(DeferredValue { made.withLock { $0 += 1 }; return .list([.text("a"), .text("b")]) }),
            "title": .text("Field 7"),
        ])
        _ = try scope.value(ValuePath.parse("title").get())
        #expect(made.withLock { $0 } == 0, "not named: not made")
        guard case .list(let rows) = try scope.value(ValuePath.parse("rows").get()) else { Issue.record("rows is not a list"); return }
        #expect(rows.count == 2)
        guard case .text(let second) = try scope.value(ValuePath.parse("rows[1]").get()) else { Issue.record("rows[1] is not text"); return }
        #expect(second == "b")
        #expect(made.withLock { $0 } == 1, "named three times, made once")
    }

    let theme: Theme

    init() throws {
        theme = try ReportDefinitions.builtIn.theme(.light)
    }

    func load(_ body: String, page: String = "{}") throws(DefinitionError) -> ReportTemplate {
        let text = #"{"format": "reportkit-template/1", "name": "t", "page": \#(page), "body": \#(body)}"#
        return try ReportTemplate.load(Array(text.utf8), file: "custom.json", tokens: theme)
    }

    func messages(_ body: String) -> String {
        do {
            _ = try load(body)
            return ""
        } catch {
            return error.description
        }
    }

    @Test("a wrong template names file, path and what is expected", arguments: [
        (#"[{"text": "x", "style": "titel"}]"#, #"custom.json: $[0].style"#, #"unknown text style token "titel"; did you mean "title"?"#),
        (#"[{"txt": "x"}]"#, "custom.json: $[0]", #"did you mean "text" for "txt"?"#),
        (#"[{"text": "{field.name"}]"#, "custom.json: $[0].text", "is not closed"),
        (#"[{"text": "{field.name|bold}"}]"#, "custom.json: $[0].text", #"unknown format "bold""#),
        (#"[{"stack": [], "spacing": 12}]"#, "custom.json: $[0].spacing", "expected the name of a spacing token"),
        (#"[{"row": [{"text": "x", "width": "wide"}]}]"#, "custom.json: $[0].row[0].width", #"unknown width "wide""#),
        (#"[{"table": {"rows": "loads", "as": "load", "columns": []}}]"#, "custom.json: $[0].table.columns", "has no columns"),
        (#"[{"each": "loads", "do": []}]"#, "custom.json: $[0].as", "missing required field"),
        (##"[{"text": "x", "color": "#ff0000"}]"##, "custom.json: $[0].color", "unknown colour token"),
    ])
    func loadErrors(_ body: String, _ location: String, _ message: String) {
        let text = messages(body)
        let expectedLocation = location.replacingOccurrences(of: "$[", with: "$.body[")
        #expect(text.contains(expectedLocation) && text.contains(message), "\(text)")
    }

    @Test func nestingIsBounded() {
        var body = #"{"text": "x"}"#
        for _ in 0..<30 { body = #"{"stack": [\#(body)]}"# }
        #expect(messages("[\(body)]").contains("nested more than \(ReportTemplate.maximumDepth) deep"))
    }

    @Test func aWrongNameInTheDataIsFoundWithASuggestion() throws {
        let template = try load(#"[{"text": "{field.nmae}"}]"#)
        let plan = try plan(baseJob())
        let locale = BuiltInLocales.english
        let error = try #require(throws: DefinitionError.self) {
            try ReportComposer.compose(template, data: ReportData.job(plan, locale: locale), theme: theme, locale: locale)
        }
        #expect(error.description.contains(#"custom.json: $.body[0]: unknown name "nmae" in "field.nmae"; did you mean "name"?"#))
    }

    @Test func conditionsPlaceholdersAndRepeatedColumns() throws {
        let template = try load(#"""
            [{"text": "{t.reportTitle|upper}: {field.name}"},
             {"text": "hidden", "if": "record.operator"},
             {"text": "no operator", "unless": "record.operator"},
             {"text": "{loadCount.total|plural:loads}"},
             {"table": {"rows": "loads", "as": "load", "columns": [
                {"header": "#", "cell": "{load.number}"},
                {"each": "products", "as": "product", "header": "{product.name}", "cell": "{load.products[product.index]|number}"}]}}]
            """#)
        let plan = try plan(baseJob())
        let locale = BuiltInLocales.english
        let composed = try ReportComposer.compose(template, data: ReportData.job(plan, locale: locale), theme: theme, locale: locale)
        let strings = composed.contrast.map(\.sample)
        #expect(strings.contains("SPRAY REPORT: \(plan.job.field.name ?? "")"))
        #expect(!strings.contains("hidden") && strings.contains("no operator"))
        #expect(strings.contains("\(plan.loads.count) loads") || strings.contains("1 load"))
        for name in plan.job.products.map({ $0.name ?? "" }) { #expect(strings.contains(name)) }
    }

    @Test func aHistoryTemplateRefusesOneJob() throws {
        let generator = try ReportGenerator(options: ReportOptions(template: "history-summary"))
        #expect(throws: ReportError.self) { try generator.compose(try plan(baseJob())) }
    }

    @Test func tokenMistakesAreNamed() throws {
        let tokens = try #require(BuiltInTemplates.files["tokens.json"])
        let broken = tokens
            .replacingOccurrences(of: #""text.primary": "textPrimary""#, with: #""text.primary": "text.secondary", "text.loop": "text.loop""#)
            .replacingOccurrences(of: #""waterBlue": [0.25, 0.61, 0.76]"#, with: #""waterBlue": [0.25, 1.61, 0.76]"#)
        let error = try #require(throws: DefinitionError.self) { try TokensLoader.load(Array(broken.utf8), file: "tokens.json", theme: .light) }
        #expect(error.description.contains("tokens.json: $.themes.light.waterBlue[1]: must be from 0 to 1, got 1.61"))
        #expect(error.description.contains("$.components['text.loop']: refers to itself through text.loop → text.loop"))
    }
}
