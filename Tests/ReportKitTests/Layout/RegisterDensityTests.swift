import Foundation
import Testing
@testable import ReportKit

/// The season register prints a job's facts once, in cells that span its products' rows (each
/// keeps its legal number), and a season's totals: 60 jobs of 6 products with every record field
/// (docs/examples/record-pl.json's) take 16 pages of A4 landscape, at least 22 record lines on
/// every page but the last (they took 78 with the job's facts on every product's row, 39 with
/// them on its first).
@Suite("The season register, compact")
struct RegisterDensityTests {
    static func season() throws -> [SprayPlan] {
        try (0..<60).map { index in
            let shape = PageBudgetPropertyTests.Shape(products: 6, loads: 4, equalLoads: false, addToCarrier: false, polish: true, us: false)
            let json = shape.json.replacingOccurrences(of: "2026-04-14T", with: "2026-\(String(format: "%02d", 4 + index / 20))-\(String(format: "%02d", 1 + index % 20))T")
            return try SprayCalculator.plan(for: try JobDecoder.decodeJob(Array(json.utf8)).job)
        }
    }

    @Test func sixtyJobsOfSixProductsTakeTwentyTwoLinesAPageAndNoRowLeavesItsJob() throws {
        let generator = try ReportGenerator(options: ReportOptions(template: "spray-register", language: .polish))
        let plans = try Self.season()
        let locale = try generator.locale(.polish)
        let lines = plans.enumerated().map { HistoryLine(plan: $1, number: $0 + 1, locale: locale) }
        let document = try generator.layout(try generator.composeHistory(lines, language: .polish))
        #expect(document.pages.count <= 17, "\(document.pages.count) pages for 360 lines")
        #expect(abs(document.pages[0].size.width - 841.89) < 1, "A4 landscape")
        let texts = document.pages.flatMap(\.commands).compactMap { command -> String? in
            if case .text(let placed) = command { return placed.text.string }
            return nil
        }
        // Every line keeps its number, once.
        for number in 1...360 { #expect(texts.count { $0 == "\(number)" } == 1, "line \(number)") }
        for (index, page) in document.pages.enumerated() {
            let pageTexts = Self.pageTexts(page)
            let numbers = pageTexts.compactMap { Int($0) }.filter { (1...360).contains($0) }
            if index < document.pages.count - 1 {
                #expect(numbers.count >= 22, "page \(index + 1) holds \(numbers.count) record lines")
            }
            // Every job with a row on the page has its date on it: once, where it starts, or
            // again, marked "(cd.)", where it goes on.
            let jobs = Set(numbers.map { ($0 - 1) / 6 })
            let dates = pageTexts.filter { $0.contains("2026,\u{A0}07:30") || $0.contains("2026, 07:30") }
            #expect(dates.count == jobs.count, "page \(index + 1): \(jobs.count) jobs, dates \(dates)")
            let goingOn = jobs.filter { !numbers.contains($0 * 6 + 1) }
            #expect(dates.count { $0.hasSuffix("(cd.)") } == goingOn.count, "page \(index + 1): \(dates)")
            // Each page names the holding it is of: in the section's heading, or its continuation's.
            #expect(pageTexts.contains { $0.hasPrefix("Nr producenta: 068812345") }, "page \(index + 1)")
        }
        // The season's totals close the holding's section.
        #expect(texts.contains { $0.hasPrefix("Zużyto środków:") })
        // The register's title is the heading of its structure (H1), not only page decoration.
        let first = try #require(document.pages.first)
        #expect(first.commands.contains { if case .beginStructure(.heading1, _) = $0 { return true } else { return false } })
    }

    /// A parcel's label stays with its area and its first number on one line: "A (20,15 ha)",
    /// "B (14,6 ha)", "A: 0212/3" and "(20,15 ha)" are never broken, in any language's register.
    @Test(arguments: [ReportLanguage.polish, .english, .german])
    func aParcelsLabelStaysWithItsAreaAndNumber(language: ReportLanguage) throws {
        let generator = try ReportGenerator(options: ReportOptions(template: "spray-register", language: language))
        let shape = PageBudgetPropertyTests.Shape(products: 6, loads: 4, equalLoads: false, addToCarrier: false, polish: language == .polish, us: false)
        let json = shape.json.replacingOccurrences(of: #""parcels": [{"label": "A", "cadastral": ["0212/3", "0212/4"]}, {"label": "B", "cadastral": ["0213/1"]}]"#,
                                                   with: #""parcels": [{"label": "A", "area": {"value": 20.15, "unit": "ha"}, "cadastral": ["0212/3", "0212/4"]}, {"label": "B", "area": {"value": 14.6, "unit": "ha"}, "cadastral": ["0213/1"]}]"#)
            .replacingOccurrences(of: #""area": {"value": 12.5, "unit": "ha"}"#, with: #""area": {"value": 34.75, "unit": "ha"}"#)
            .replacingOccurrences(of: #""cropArea": {"value": 14.0, "unit": "ha"}"#, with: #""cropArea": {"value": 36.0, "unit": "ha"}"#)
        #expect(json.contains("34.75") && json.contains("20.15"))
        let plan = try SprayCalculator.plan(for: try JobDecoder.decodeJob(Array(json.utf8)).job)
        let locale = try generator.locale(language)
        let document = try generator.layout(try generator.composeHistory([HistoryLine(plan: plan, number: 1, locale: locale)], language: language))
        let parcels = document.pages.flatMap { $0.commands }.compactMap { command -> PlacedText? in
            if case .text(let text) = command, text.text.string.contains("0212/3") || text.text.string.contains("(20") { return text }
            return nil
        }
        #expect(!parcels.isEmpty, "the parcels are printed")
        let separator = language == .english ? "." : ","
        let wholes = ["A (20\(separator)15 ha)", "B (14\(separator)6 ha)", "A: 0212/3", "(20\(separator)15 ha)", "(14\(separator)6 ha)"]
        for text in parcels {
            // In scalars, no-break spaces read as spaces; the breaks as scalar offsets.
            let scalars = Array(text.text.string.unicodeScalars)
            let normal = String(String.UnicodeScalarView(scalars.map { $0 == "\u{A0}" || $0 == "\u{202F}" ? " " : $0 }))
            let lines = generator.text.measure(text.text, width: text.width, alignment: text.alignment, ellipsize: false).lines
            let breaks = lines.dropFirst().map { line in
                String(decoding: Array(text.text.string.utf8)[..<line.startByte], as: UTF8.self).unicodeScalars.count
            }
            for whole in wholes {
                var from = normal.startIndex
                while let found = normal.range(of: whole, range: from..<normal.endIndex) {
                    let start = normal.unicodeScalars.distance(from: normal.startIndex, to: found.lowerBound)
                    let end = start + whole.unicodeScalars.count
                    #expect(!breaks.contains { $0 > start && $0 < end }, "\"\(whole)\" is broken in \"\(normal)\" (\(Int(text.width ?? 0)) pt)")
                    from = found.upperBound
                }
            }
        }
    }

    /// The cover of the same season: a line per job, the products' names given the room, and the
    /// season's totals (area, spray liquid) under them: half the pages it took.
    @Test func theSeasonsCoverTakesAtMostFourPagesWithItsTotals() throws {
        let generator = try ReportGenerator(options: ReportOptions(template: "history-summary", language: .polish))
        let document = try generator.layout(try generator.composeHistory(try Self.season()))
        #expect(document.pages.count <= 4, "\(document.pages.count) pages for 60 jobs: \(document.pages.map { RegisterDensityTests.pageTexts($0).filter { $0.hasSuffix(" ha") }.count })")
        let texts = document.pages.flatMap(\.commands).compactMap { command -> String? in
            if case .text(let placed) = command { return placed.text.string }
            return nil
        }
        // 60 jobs of 12.5 ha at 200 l/ha, whatever the Polish group separator.
        #expect(texts.contains { $0.filter(\.isNumber) == "750" && $0.hasSuffix("ha") }, "\(texts.suffix(4))")
        #expect(texts.contains { $0.filter(\.isNumber) == "150000" && $0.hasSuffix("l") }, "\(texts.suffix(4))")
    }

    /// A number as the Polish pages print it ("1 250,5 ha" → 1250.5).
    static func amount(_ text: String) -> Double? {
        Double(String(text.filter { $0.isNumber || $0 == "," }).replacingOccurrences(of: ",", with: "."))
    }

    static func pageTexts(_ page: Page) -> [String] {
        page.commands.compactMap { command -> String? in
            if case .text(let placed) = command { return placed.text.string }
            return nil
        }
    }

    /// Every page of the register ends its table with the page's total: the area of the jobs that
    /// start on it (12.5 ha each), which over the pages adds up to the season's 750 ha.
    @Test func everyPageOfTheRegisterTotalsItsOwnRows() throws {
        let generator = try ReportGenerator(options: ReportOptions(template: "spray-register", language: .polish))
        let locale = try generator.locale(.polish)
        let lines = try Self.season().enumerated().map { HistoryLine(plan: $1, number: $0 + 1, locale: locale) }
        let document = try generator.layout(try generator.composeHistory(lines, language: .polish))
        #expect(document.pages.count > 2)
        var pagesArea = 0.0
        for (number, page) in document.pages.enumerated() {
            let texts = Self.pageTexts(page)
            let jobsStarting = texts.count { $0.contains("2026,") }
            guard let label = texts.firstIndex(of: "Razem na stronie") else {
                // A last page may hold only the season's total per product, which needs no page total.
                let onlyProductTotals = texts.contains("Razem w sezonie, według środka") && jobsStarting == 0 && !texts.contains("Lp.")
                #expect(onlyProductTotals && number == document.pages.count - 1, "page \(number + 1) has no page total: \(texts.prefix(12))")
                continue
            }
            let area = try #require(texts[(label + 1)...].first { $0.hasSuffix("ha") }.flatMap(Self.amount))
            #expect(area == 12.5 * Double(jobsStarting), "page \(number + 1)")
            #expect(texts[(label + 1)...].contains { $0.hasPrefix("Zużyto środków:") }, "page \(number + 1) totals the products")
            pagesArea += area
        }
        #expect(pagesArea == 750)
    }

    /// The cover's pages each total their jobs; one page alone would print no page total.
    @Test func everyPageOfTheCoverTotalsItsJobsAndAOnePageCoverHasNone() throws {
        let generator = try ReportGenerator(options: ReportOptions(template: "history-summary", language: .polish))
        let season = try Self.season()
        let document = try generator.layout(try generator.composeHistory(season))
        var liquid = 0.0
        for page in document.pages {
            let texts = Self.pageTexts(page)
            let label = try #require(texts.firstIndex(of: "Razem na stronie"))
            let jobs = texts[..<label].count { $0.hasSuffix("2026") && !$0.contains("–") }
            let pageLiquid = try #require(texts[(label + 1)...].first { $0.hasSuffix("l") }.flatMap(Self.amount))
            #expect(pageLiquid == 2_500 * Double(jobs))
            liquid += pageLiquid
        }
        #expect(liquid == 150_000)
        let short = try generator.layout(try generator.composeHistory(Array(season.prefix(3))))
        #expect(short.pages.count == 1)
        #expect(!Self.pageTexts(short.pages[0]).contains("Razem na stronie"))
    }
}
