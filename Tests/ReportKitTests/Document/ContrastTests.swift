import Foundation
import Testing
@testable import ReportKit
import ReportTemplates

/// WCAG 2.1 AA for every text and meaningful graphic each built-in template draws, in each theme,
/// for every golden input (so optional parts such as the record and dry products are drawn).
@Suite("Colour contrast")
struct ContrastTests {
    struct Combination: Sendable, CustomTestStringConvertible {
        let template: String
        let theme: ThemeName
        var testDescription: String { "\(template), \(theme.rawValue)" }
    }

    static let combinations = ReportDefinitions.builtIn.templateNames.flatMap { template in
        ThemeName.allCases.map { Combination(template: template, theme: $0) }
    }

    @Test("every pair passes WCAG AA", arguments: combinations)
    func everyPairPasses(_ combination: Combination) throws {
        let generator = try ReportGenerator(options: ReportOptions(template: combination.template, theme: combination.theme))
        var uses: [ContrastUse] = []
        let plans = try GoldenCase.all.map(\.input).uniqued().flatMap { try Self.plans(from: $0) }
        if generator.template.subject == .history {
            for language in ReportLanguage.allCases {
                let localised = try ReportGenerator(options: ReportOptions(template: combination.template, theme: combination.theme, language: language))
                uses += try localised.composeHistory(plans).contrast
            }
        } else {
            for plan in plans { uses += try generator.compose(plan).contrast }
        }
        #expect(uses.contains { if case .text = $0.kind { true } else { false } })
        if generator.template.subject == .job { #expect(uses.contains { $0.kind == .graphic }, "the tank drawing's parts are checked too") }
        let failures = uses.filter { !$0.passes }
        #expect(failures.isEmpty, "\(Set(failures.map(\.description)).sorted().joined(separator: "\n"))")
    }

    @Test func theCheckFailsForAPaletteThatIsTooPale() throws {
        // The same tokens with a pale grey secondary text: the check must catch it.
        let definitions = ReportDefinitions.builtIn
        var tokens = try #require(BuiltInTemplates.files["tokens.json"])
        tokens = tokens.replacingOccurrences(of: #""textSecondary": [0.45, 0.45, 0.43]"#, with: #""textSecondary": [0.70, 0.70, 0.70]"#)
        let theme = try TokensLoader.load(Array(tokens.utf8), file: "pale.json", theme: .light)
        let template = try definitions.template("spray-report", theme: theme)
        let plan = try #require(try Self.plans(from: "en-metric-single.json").first)
        let locale = try definitions.locale(.english)
        let composed = try ReportComposer.compose(template, data: ReportData.job(plan, locale: locale), theme: theme, locale: locale)
        let failing = composed.contrast.filter { !$0.passes }
        #expect(!failing.isEmpty)
        #expect(failing.allSatisfy { $0.foreground.red == 0.70 || $0.foreground.alpha < 1 })
        #expect(failing.first?.description.contains("reports/spray-report.json: $.") == true)
    }

    @Test func contrastRatiosMatchWCAGReferenceValues() {
        #expect(abs(Contrast.ratio(.black, .white) - 21) < 1e-9)
        #expect(abs(Contrast.ratio(.white, .white) - 1) < 1e-9)
        // #767676 on white is the classic 4.54:1 threshold grey.
        let grey = Color(red: 118.0 / 255, green: 118.0 / 255, blue: 118.0 / 255)
        #expect(abs(Contrast.ratio(grey, .white) - 4.54) < 0.01)
        // 50 % black over white composites to mid grey.
        let half = Color.black.withAlpha(0.5).composited(over: .white)
        #expect(abs(half.red - 0.5) < 1e-9)
        let large = ContrastUse(foreground: grey, background: .white, kind: .text(size: 18, weight: .regular), location: "", sample: "")
        #expect(large.requiredRatio == 3)
        let small = ContrastUse(foreground: grey, background: .white, kind: .text(size: 14, weight: .semibold), location: "", sample: "")
        #expect(small.requiredRatio == 4.5)
    }

    static func plans(from input: String) throws -> [SprayPlan] {
        let bytes = [UInt8](try Data(contentsOf: GoldenCase.folder.appendingPathComponent("inputs/\(input)")))
        switch try JobDecoder.decodeDocument(bytes) {
        case .job(let decoded): return [try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)]
        case .history(let entries):
            return try entries.map { entry in
                let decoded = try entry.result.get()
                return try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
            }
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
