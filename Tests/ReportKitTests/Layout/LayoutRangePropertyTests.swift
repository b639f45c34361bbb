import Foundation
import PropertyBased
import Testing
import CLITestSupport
@testable import ReportKit

/// The layout guarantee over the whole range the validator accepts: random jobs of 1–20 products
/// (real names, long names, names at the 200-character limit), 1–1,000 loads, both loading
/// strategies and water rules, metric and US units, both languages, with and without record
/// fields, laid out with every built-in template in both themes. On every page: nothing off the
/// paper or outside the margins, no text over text, no word broken in a column that could hold
/// it, every product's name whole, and the page budget of issue 13.
@Suite("Layout across the accepted range")
struct LayoutRangePropertyTests {
    /// Names as they come: ordinary, long with spaces, and one word at the length limit.
    static let names = [
        "Chwastox Extra 300 SL", "Karate Zeon 050 CS", "Roundup 360 SL", "Siarczan amonu", "Adiuwant Atpolan 80 EC",
        "Tebu 250 EW", "Mospilan 20 SP", "Nawóz dolistny Basfoliar 36 Extra", "Mocznik techniczny 46%", "Fastac 100 EC",
        "Amistar Xtra 280 SC", "Polyversum WP", "Topsin M 500 SC", "Dursban 480 EC", "Lontrel 300 SL", "Pivot 100 SL",
        "Afalon Dyspersyjny 450 SC", "Boxer 800 EC", "Command 480 EC", "Axial 50 EC",
    ]

    /// One random job, described by what the checks need to know about it.
    struct Shape: CustomStringConvertible {
        var products: Int
        /// 0: ordinary names (8–40 characters); 1: long names with spaces; 2: 200 letters, no space.
        var nameKind: Int
        var loads: Int
        var equalLoads: Bool
        var addToCarrier: Bool
        var polish: Bool
        var us: Bool
        var record: Bool
        /// Every record field long: 40 parcels of 5 cadastral numbers, 60 target codes, notes of
        /// 1,500 characters, the single-line fields at 200.
        var longRecord = false
        /// 0: 12.5 ha (40 ac); 1: 17 m² (0.005 ac), a garden plot; 2: 100,000 ha (247,105 ac).
        var areaKind = 0
        /// Emoji and letters of scripts no font of the report has (Chinese, Syriac) in a name and the notes.
        var strangeText = false

        var typicalNames: Bool { nameKind == 0 }
        var description: String {
            "\(products) products (names \(nameKind)), \(loads) loads, \(equalLoads ? "equal" : "full then partial"), \(polish ? "pl" : "en"), \(us ? "US" : "metric"), record \(record)"
                + (longRecord ? " (long)" : "") + ["", ", 17 m²", ", 100,000 ha"][areaKind] + (strangeText ? ", emoji and missing scripts" : "")
        }

        func productName(_ index: Int) -> String {
            if strangeText, index == 0, nameKind == 0 { return "Środek 🌱 农药 ܐܒ" }
            return switch nameKind {
            case 0: LayoutRangePropertyTests.names[index % LayoutRangePropertyTests.names.count]
            case 1: String(("Preparat wieloskładnikowy do ochrony roślin numer \(index + 1) z dodatkiem adiuwanta i mikroelementów " + String(repeating: "Extra ", count: 20)).prefix(200))
            default: String(repeating: "Ż", count: 197) + String(format: "%03d", index)
            }
        }

        /// The job as v1 JSON, read through the decoder like any input.
        var json: String {
            // Area and tank chosen so the job needs `loads` loads at 200 L/ha (100 gal/ac in US units).
            let area = [us ? 40.0 : 12.5, us ? 0.005 : 0.0017, us ? 247_105 : 100_000][areaKind]
            let rate = areaKind == 1 ? (us ? 1_000.0 : 10_000.0) : (us ? 10.0 : 200.0)
            let liquid = area * rate
            // Just under the 1,000-load limit: products added on top of the water need room too.
            let target = Double(min(loads, 850))
            let capacity = loads == 1 ? liquid * 1.25 : (equalLoads ? liquid / target : liquid / (target - 0.5))
            let productList = (0..<products).map { index in
                let unit = us ? (index % 2 == 0 ? "fl oz/ac" : "lb/ac") : (index % 3 == 0 ? "L/ha" : index % 3 == 1 ? "kg/ha" : "%")
                let value = us ? 4.0 + Double(index) : (index % 3 == 2 ? 0.1 : 0.5 + Double(index) * 0.25)
                return #"{"name": "\#(productName(index))", "rate": {"value": \#(value), "unit": "\#(unit)"}\#(record ? #", "authorisation": "R-\#(index)/2020""# : "")}"#
            }
            let notes = strangeText ? "Zabieg 🌧 po deszczu, 农药 ܐܒ." : "Zabieg wykonany przed południem, gleba wilgotna."
            var recordFields = record
                ? #", "operator": "Jan Kowalski", "target": "chwasty dwuliścienne", "growthStage": "BBCH 31", "weather": "8 °C, wiatr 2 m/s", "notes": "\#(notes)""#
                : ""
            var parcels = ""
            if record, longRecord {
                let long = String(("Gospodarstwo rolne i sadownicze " + String(repeating: "Kowalscy ", count: 30)).prefix(200))
                let codes = (0..<60).map { #""ABC\#(String(format: "%02d", $0))""# }.joined(separator: ", ")
                let longNotes = String(repeating: "Zabieg wykonany przed południem, gleba wilgotna, wiatr słaby. ", count: 24).prefix(1_500)
                recordFields = #", "operator": "\#(long)", "operatorLicence": "\#(long)", "holding": "\#(long)", "equipment": "\#(long)", "target": "\#(long)", "targetCodes": [\#(codes)], "growthStage": "\#(long)", "weather": "\#(long)", "notes": "\#(longNotes)""#
                parcels = ", \"parcels\": [" + (0..<40).map { index in
                    #"{"label": "Działka \#(index)", "cadastral": [\#((0..<5).map { #""0212/\#(index * 5 + $0)""# }.joined(separator: ", "))]}"#
                }.joined(separator: ", ") + "]"
            }
            return """
                {"version": 1, "id": "range-test", "locale": "\(polish ? "pl" : "en")", "title": "Oprysk", "date": "2026-04-14T07:30:00+02:00",
                 "field": {"name": "Działka 12", "crop": "pszenica ozima", "area": {"value": \(area), "unit": "\(us ? "ac" : "ha")"}\(parcels)},
                 "sprayRate": {"value": \(rate), "unit": "\(us ? "gal/ac" : "L/ha")"},
                 "tank": {"capacity": {"value": \(capacity), "unit": "\(us ? "gal" : "L")"}, "loads": "\(equalLoads ? "equal" : "fullThenPartial")"},
                 "water": "\(addToCarrier ? "addToCarrier" : "fillToVolume")",
                 "products": [\(productList.joined(separator: ", "))]\(recordFields)}
                """
        }
    }

    static let loadCounts = [1, 2, 3, 5, 8, 12, 40, 97, 1_000]

    static let shapes = zip(
        zip(Gen.int(in: 1...20), Gen.int(in: 0...9), Gen.int(in: 0...(loadCounts.count - 1))),
        Gen.int(in: 0...63), Gen.int(in: 0...15)
    ).map { sizes, flags, extras -> Shape in
        let (products, nameRoll, loadIndex) = sizes
        let loads = loadCounts[loadIndex]
        // A garden plot holds at most 17 one-litre tanks; 100,000 ha needs tanks of at most 100,000 L.
        let areaKind = extras & 3 == 2 && loads <= 12 ? 1 : extras & 3 == 3 && loads == 1_000 ? 2 : 0
        return Shape(products: products, nameKind: nameRoll < 7 ? 0 : nameRoll < 9 ? 1 : 2, loads: loads,
                     equalLoads: flags & 1 != 0, addToCarrier: flags & 2 != 0, polish: flags & 4 != 0, us: flags & 8 != 0,
                     record: flags & 48 != 0, longRecord: extras & 4 != 0, areaKind: areaKind, strangeText: extras & 8 != 0)
    }

    /// Every built-in template; the history ones are given a history of the job twice.
    static let historyTemplates = ["history-summary", "spray-register"]
    static let templates = ["spray-report", "tank-card"] + historyTemplates

    @Test func everyPageIsCleanAndWithinItsBudget() async throws {
        var generators: [String: ReportGenerator] = [:]
        for template in Self.templates {
            for theme in ThemeName.allCases {
                generators["\(template) \(theme)"] = try ReportGenerator(options: ReportOptions(template: template, theme: theme))
            }
        }
        await propertyCheck(count: TestRun.cases(40), input: Self.shapes) { shape in
            let decoded: DecodedJob
            do {
                decoded = try JobDecoder.decodeJob(Array(shape.json.utf8))
            } catch {
                Issue.record("the generated job is refused: \(error) — \(shape)")
                return
            }
            // The themes differ in colour only (tokens.json): each job is laid out in one of them,
            // chosen by a random flag of its shape, so both are covered over the run at half the cost.
            for theme in [shape.equalLoads ? ThemeName.dark : .light] {
                for template in Self.templates {
                    // A tank card of 1,000 loads is 1,000 pages: the guarantee is the same per
                    // page, so the long ones are left to the shorter jobs.
                    if template == "tank-card", shape.loads > 40 { continue }
                    guard let generator = generators["\(template) \(theme)"] else { continue }
                    do {
                        let plan = try generator.plan(decoded)
                        let composed = generator.template.subject == .history ? try generator.composeHistory([plan, plan]) : try generator.compose(plan)
                        let document = try generator.layout(composed)
                        check(document, template: template, theme: theme, shape: shape, plan: plan, engine: generator.text)
                    } catch {
                        Issue.record("\(template) \(theme) cannot be laid out: \(error) — \(shape)")
                    }
                }
            }
        }
    }

    /// The tank card builds its four type sizes for every load: the largest accepted job (1,000
    /// loads of 20 products with 200-character names, 18 MB of text) must stay inside the
    /// expansion budget.
    @Test func theLargestTankCardStaysInsideTheBudget() throws {
        let shape = Shape(products: 20, nameKind: 1, loads: 1_000, equalLoads: true, addToCarrier: false, polish: true, us: false, record: true)
        // 2,500 L of liquid in a 2.5 L tank: exactly 1,000 equal loads.
        guard let capacity = shape.json.range(of: #""capacity": {"value": "#) else { return }
        let json = shape.json[..<capacity.upperBound] + "2.5" + shape.json[capacity.upperBound...].drop { $0 != "," }
        let generator = try ReportGenerator(options: ReportOptions(template: "tank-card"))
        let plan = try generator.plan(try JobDecoder.decodeJob(Array(json.utf8)))
        #expect(plan.loads.count == 1_000)
        _ = try generator.compose(plan)
    }

    private func check(_ document: LaidOutDocument, template: String, theme: ThemeName, shape: Shape, plan: SprayPlan,
                       engine: PangoTextEngine) {
        let label = "\(template) \(theme), \(shape)"
        for (index, page) in document.pages.enumerated() {
            let faults = LayoutFaults.faults(on: page, pageNumber: index + 1, text: engine)
            #expect(faults.isEmpty, "\(label): \(faults.prefix(3).joined(separator: "; "))")
        }
        guard !Self.historyTemplates.contains(template) else { return }
        let text = document.pages.flatMap(\.commands).compactMap { command -> String? in
            if case .text(let placed) = command { return placed.text.string }
            return nil
        }.joined(separator: "\n")
        for index in 0..<shape.products where shape.nameKind != 2 {
            #expect(text.contains(shape.productName(index)), "\(label): the name of product \(index + 1) is not whole on the pages")
        }
        if template == "spray-report" {
            // One number, one display: each product's total reads the same in the product list
            // ("7 960 l") and under its column of loads ("7 960,00"), in the same unit.
            let locale = BuiltInLocales.of(shape.polish ? .polish : .english)
            let display = PlanDisplay(plan: plan, language: locale.language)
            let cells = Set(text.split(separator: "\n").map(String.init))
            for (index, total) in display.totals.products.enumerated() {
                #expect(cells.contains(locale.text(total)), "\(label): product \(index + 1)'s total \(locale.text(total)) is not in the product list")
                #expect(cells.contains(locale.number(total, trimZeros: false)),
                        "\(label): product \(index + 1)'s total \(locale.number(total, trimZeros: false)) is not under its loads")
            }
            #expect(cells.contains(locale.number(display.totals.area, trimZeros: false)), "\(label): the area column's total is missing")
        }
        // The page budget, for names as they really are (8–40 characters) and ordinary record
        // fields; not for a job whose names hold letters no font draws, which adds a card of
        // warnings to check before filling (PageBudgetPropertyTests holds the budget without it).
        guard shape.typicalNames, !shape.longRecord, !shape.strangeText else { return }
        let pages = document.pages.count
        switch template {
        case "spray-report":
            // The record's QR code stands beside the record card: it adds no page
            // (PageBudgetPropertyTests holds the one-page rule with every record field).
            if shape.products <= 6, shape.loads <= 12 { #expect(pages == 1, "\(label): a typical job takes \(pages) pages") }
            if shape.loads <= 12 { #expect(pages <= 3, "\(label): \(pages) pages") }
            if shape.loads == 1_000, shape.products <= 6 { #expect(pages <= 2, "\(label): 1,000 identical loads take \(pages) pages") }
        default:
            // One page a run of identical loads (with a box to tick for each); a mix of more than
            // 16 products, its amounts at no less than 18 pt and the water in two steps (about
            // half first, the rest last), continues on a second page.
            let runs = PlanDisplay(plan: plan, language: shape.polish ? .polish : .english).groups.count
            // A run's boxes to tick may take the rest of its card onto one more page.
            let pagesPerRun = (shape.products > 16 ? 2 : 1) + (plan.loads.count > runs ? 1 : 0)
            #expect(pages >= runs && pages <= runs * pagesPerRun,
                    "\(label): the tank card takes \(pages) pages for \(runs) runs of \(plan.loads.count) loads")
            // The amounts (set trailing, above the footer) read at arm's length in a cab.
            for page in document.pages {
                for case .text(let placed) in page.commands where placed.alignment == .trailing && placed.origin.y < page.size.height - 80 {
                    let size = placed.text.runs.map(\.style.size).min() ?? 0
                    #expect(size >= 18 - 1e-9, "\(label): \"\(placed.text.string)\" is \(size) pt on the tank card")
                }
            }
        }
    }
}

/// The fault finder itself, on pages made wrong on purpose: each fault it must see.
@Suite("Layout fault finder")
struct LayoutFaultsTests {
    let engine: PangoTextEngine

    init() throws {
        engine = try #require(sharedEngine, "the Inter and DejaVu fonts must be installed (scripts/setup.sh)")
    }

    func text(_ string: String, x: Double, y: Double, width: Double?) -> DrawCommand {
        let styled = StyledText(string, style: TextStyle(size: 11))
        let measured = engine.measure(styled, width: width, alignment: .leading, ellipsize: false)
        return .text(PlacedText(origin: Point(x: x, y: y), text: styled, width: width, alignment: .leading, ellipsize: false,
                                size: Size(width: width ?? measured.size.width, height: measured.size.height)))
    }

    func faults(_ commands: [DrawCommand]) -> [String] {
        LayoutFaults.faults(on: Page(size: .a4, commands: commands), pageNumber: 1, text: engine)
    }

    @Test func aCleanPageHasNoFault() {
        #expect(faults([text("Roundup 360 SL", x: 40, y: 40, width: 200), text("Karate Zeon", x: 40, y: 80, width: 200)]).isEmpty)
    }

    @Test func textPastTheMarginOrThePaperIsFound() {
        #expect(faults([text("Mocznik techniczny", x: 560, y: 40, width: nil)]).contains { $0.contains("outside the margins") })
        #expect(faults([.fill(.rectangle(Rect(x: 500, y: 10, width: 200, height: 20)), .black)]).contains { $0.contains("off the paper") })
    }

    @Test func textOverTextIsFound() {
        #expect(faults([text("1", x: 40, y: 40, width: 60), text("5,00", x: 42, y: 41, width: 60)]).contains { $0.contains("over each other") })
    }

    @Test func aWordBrokenInsideIsFoundUnlessItIsLongerThanAnyColumnMustHold() {
        // A column narrower than "Napełnienie" breaks it letter by letter: the fault of issue 13.
        guard case .text(let crushed) = text("Napełnienie", x: 40, y: 40, width: 12) else { return }
        #expect(LayoutFaults.brokenWord(in: crushed, engine: engine) == "Napełnienie")
        #expect(faults([.text(crushed)]).contains { $0.contains("broken inside the word") })
        // Wide enough: whole.
        guard case .text(let whole) = text("Napełnienie zbiornika", x: 40, y: 40, width: 80) else { return }
        #expect(LayoutFaults.brokenWord(in: whole, engine: engine) == nil)
        // 200 letters without a space: no column can hold it, so it may break.
        guard case .text(let endless) = text(String(repeating: "Ż", count: 200), x: 40, y: 40, width: 300) else { return }
        #expect(LayoutFaults.brokenWord(in: endless, engine: engine) == nil)
    }

    @Test func aNumberBrokenEvenAtItsHyphenIsFoundButAWordsHyphenIsNot() {
        // Narrower than the number: the engine breaks it (after its hyphen, or inside).
        guard case .text(let cut) = text("Zul. 024485-00", x: 40, y: 40, width: 30) else { return }
        #expect(LayoutFaults.brokenNumber(in: cut, engine: engine) == "024485-00")
        guard case .text(let flik) = text("DEBBLI0260100301 (23,4 ha)", x: 40, y: 40, width: 40) else { return }
        #expect(LayoutFaults.brokenNumber(in: flik, engine: engine) == "DEBBLI0260100301")
        // Wide enough for the number alone: a line ends before it, never at its hyphen.
        guard case .text(let before) = text("Zul. 024485-00", x: 40, y: 40, width: 70) else { return }
        #expect(LayoutFaults.brokenNumber(in: before, engine: engine) == nil)
        // A word's hyphen and a range's dash are where words break.
        guard case .text(let words) = text("Septoria-Blattdürre 1–2", x: 40, y: 40, width: 40) else { return }
        #expect(LayoutFaults.brokenNumber(in: words, engine: engine) == nil)
        guard case .text(let whole) = text("Zul. 024485-00", x: 40, y: 40, width: 200) else { return }
        #expect(LayoutFaults.brokenNumber(in: whole, engine: engine) == nil)
    }

    /// A table too narrow for all its words gives way in its prose first: the FLIK, the
    /// authorisation and the date keep whole, the long word breaks.
    @Test func aTableTooNarrowBreaksItsWordsBeforeItsNumbers() throws {
        let style = TextStyle(size: 7)
        let header = ["Schlag/FLIK", "Zulassung", "Grund"].map { Text(StyledText($0, style: style)) as any Element }
        let row = ["DEBBLI0260100301 (23,4 ha)", "Zul. 024485-00", "Ackerfuchsschwanz im Herbst"].map { Text(StyledText($0, style: style)) as any Element }
        let table = Table(columns: [.fraction(1), .fraction(1), .fraction(1)], header: [header], rows: [row])
        let context = LayoutContext(text: engine, pageContentHeight: 800)
        func width(_ word: String) -> Double { engine.measure(StyledText(word, style: style), width: nil, alignment: .leading, ellipsize: false).size.width }
        let flik = width("DEBBLI0260100301"), number = width("024485-00")
        // Wherever both numbers fit beside the other column's words broken as far as they go
        // (3 em), both stay whole, at every width from there on.
        let enough = Int((flik + 12 + number + 12 + 3 * 7 + 12).rounded(.up))
        for total in enough...(enough + 120) {
            let widths = try table.resolveWidths(Double(total), context: context)
            #expect(widths[0] >= flik + 12 - 0.01 && widths[1] >= number + 12 - 0.01, "at \(total) pt the numbers' columns hold them whole: \(widths)")
            #expect(widths.reduce(0, +) <= Double(total) + 0.01)
        }
    }
}
