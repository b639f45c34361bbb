import Testing
@testable import ReportKit

@Suite("Display: units, rounding and number formats")
struct PlanDisplayTests {
    private func steps(_ value: Double, _ digits: Int) -> Int64 {
        DisplayRounding.steps(value, DisplayScale(.litre, fractionDigits: digits))
    }

    @Test func formatsNumbersPerLanguage() {
        let polish = NumberStyle.of(.polish), english = NumberStyle.of(.english)
        #expect(polish.format(steps: 123_456, fractionDigits: 2, trimZeros: false) == "1\u{A0}234,56")
        #expect(english.format(steps: 123_456, fractionDigits: 2, trimZeros: false) == "1,234.56")
        #expect(english.format(steps: 1_234_567_000, fractionDigits: 3, trimZeros: true) == "1,234,567")
        #expect(english.format(steps: 5, fractionDigits: 2, trimZeros: false) == "0.05")
        #expect(polish.format(steps: 250_000, fractionDigits: 2, trimZeros: true) == "2\u{A0}500")
        #expect(english.format(given: 0.1) == "0.1" && polish.format(given: 12.5) == "12,5")
    }

    @Test func formatsEveryNumberAsThePlainRuleSays() {
        // The rule spelled out the slow way: digits, a decimal separator before the last
        // `fractionDigits`, a group separator every three whole digits from the right.
        func plain(_ style: NumberStyle, _ steps: Int64, _ fractionDigits: Int, _ trimZeros: Bool) -> String {
            var digits = String(steps.magnitude)
            while digits.count <= fractionDigits { digits = "0" + digits }
            let whole = Array(digits.dropLast(fractionDigits))
            var fraction = String(digits.suffix(fractionDigits))
            while trimZeros, fraction.hasSuffix("0") { fraction.removeLast() }
            var grouped = ""
            for (offset, digit) in whole.enumerated() {
                if offset > 0, (whole.count - offset) % 3 == 0 { grouped += style.groupingSeparator }
                grouped.append(digit)
            }
            return (steps < 0 ? "-" : "") + grouped + (fraction.isEmpty ? "" : style.decimalSeparator + fraction)
        }
        let values: [Int64] = [0, 1, -1, 7, 10, 99, 100, 999, 1_000, -1_000, 12_345, 100_000, 1_000_000, 9_876_543_210, -50_005,
                               Int64.max, Int64.min + 1, Int64.min]
        for style in [NumberStyle.of(.polish), .of(.english)] {
            for value in values {
                for fractionDigits in 0...6 {
                    for trimZeros in [false, true] {
                        #expect(style.format(steps: value, fractionDigits: fractionDigits, trimZeros: trimZeros)
                                    == plain(style, value, fractionDigits, trimZeros), "\(value), \(fractionDigits) digits")
                    }
                }
            }
        }
    }

    @Test func roundsDecimalHalvesUpDespiteBinaryFloats() {
        #expect(steps(0.285, 2) == 29)   // 0.285 is 0.28499999… as a double
        #expect(steps(1.005, 2) == 101)
        #expect(steps(2.675, 2) == 268)
        #expect(steps(0.284_999, 2) == 28)
    }

    @Test func choosesOneMeasurableUnitPerProduct() {
        func scale(_ form: ProductForm, _ system: UnitSystem, _ smallest: Double, _ largest: Double) -> DisplayScale {
            DisplayScale.product(form, system, smallest: smallest, largest: largest)
        }
        #expect(scale(.liquid, .metric, 0.25, 0.25) == DisplayScale(.millilitre, fractionDigits: 0))
        #expect(scale(.liquid, .metric, 0.005, 0.005) == DisplayScale(.millilitre, fractionDigits: 1))
        #expect(scale(.liquid, .metric, 0.0003, 0.0003) == DisplayScale(.millilitre, fractionDigits: 2))
        #expect(scale(.liquid, .metric, 7.5, 7.5) == DisplayScale(.litre, fractionDigits: 2))
        // A small last load keeps litres while it has two significant digits at 0.01 L ...
        #expect(scale(.liquid, .metric, 0.8, 7.5) == DisplayScale(.litre, fractionDigits: 2))
        // ... and the typical load's litres, to 0.0001 L (never three decimals), when it would not:
        // a 5 L last load no longer turns the whole report into millilitres (issue 54, item 5) ...
        #expect(scale(.liquid, .metric, 0.05, 7.5) == DisplayScale(.litre, fractionDigits: 4))
        #expect(scale(.liquid, .metric, 0.0012, 7.5) == DisplayScale(.litre, fractionDigits: 4))
        #expect(scale(.dry, .metric, 0.03, 20) == DisplayScale(.kilogram, fractionDigits: 4))
        // ... until even that would not show it (0.05 mL).
        #expect(scale(.liquid, .metric, 0.000_05, 7.5) == DisplayScale(.millilitre, fractionDigits: 3))
        #expect(scale(.dry, .metric, 0.4, 0.4) == DisplayScale(.gram, fractionDigits: 0))
        // Kilograms to 0.01 kg: a third decimal reads as a thousands group ("302,800 kg").
        #expect(scale(.dry, .metric, 2, 302.8) == DisplayScale(.kilogram, fractionDigits: 2))
        #expect(scale(.liquid, .usCustomary, 1, 1) == DisplayScale(.usFluidOunce, fractionDigits: 1))
        #expect(scale(.liquid, .usCustomary, 4, 4) == DisplayScale(.usGallon, fractionDigits: 2))
        #expect(scale(.dry, .usCustomary, 0.2, 0.2) == DisplayScale(.ounce, fractionDigits: 1))
    }

    @Test func aLoadsAreaIsShownInAUnitThatShowsIt() {
        #expect(DisplayScale.loadArea(.hectare, smallest: 5) == DisplayScale(.hectare, fractionDigits: 2))
        #expect(DisplayScale.loadArea(.hectare, smallest: 0.1) == DisplayScale(.hectare, fractionDigits: 2))
        #expect(DisplayScale.loadArea(.hectare, smallest: 0.05) == DisplayScale(.are, fractionDigits: 1))
        // 17 m² is never "0.00 ha".
        #expect(DisplayScale.loadArea(.hectare, smallest: 0.0017) == DisplayScale(.squareMetre, fractionDigits: 0))
        #expect(DisplayScale.loadArea(.are, smallest: 0.0017) == DisplayScale(.squareMetre, fractionDigits: 0))
        // A tiny last load of a large field keeps the typical load's hectares, with the decimals it needs.
        #expect(DisplayScale.loadArea(.hectare, smallest: 0.025, typical: 6.5) == DisplayScale(.hectare, fractionDigits: 4))
        #expect(DisplayScale.loadArea(.hectare, smallest: 0.5, typical: 6.5) == DisplayScale(.hectare, fractionDigits: 2))
        #expect(DisplayScale.loadArea(.hectare, smallest: 0.000_02, typical: 6.5) == DisplayScale(.squareMetre, fractionDigits: 2), "0.20 m²")
        #expect(DisplayScale.loadArea(.acre, smallest: 2) == DisplayScale(.acre, fractionDigits: 2))
        #expect(DisplayScale.loadArea(.acre, smallest: 0.0017) == DisplayScale(.acre, fractionDigits: 4), "0.0042 ac")
    }

    /// The review's job (issue 54, item 5): 58.7 ha at 200 L/ha in tanks that leave a last load of
    /// 5 L. The loads and totals stay in the report's hectares and litres (not "533.3 a" a tank,
    /// "44,025 mL", "117,400 g"), the last load is shown, not rounded away, and every column still
    /// adds up to its total.
    @Test func aTinyLastLoadKeepsTheReportsUnits() throws {
        var job = setting(baseJob(), "field.area.value", json: "58.7")
        job = setting(job, "tank.capacity.value", json: "\((11_740.0 - 5) / 9)")
        job = setting(job, "products", json: #"[{"name": "A", "rate": {"value": 0.75, "unit": "L/ha"}}, {"name": "B", "rate": {"value": 2, "unit": "kg/ha"}}]"#)
        let plan = try plan(job)
        #expect(plan.loads.count == 10 && abs(plan.loads[9].volume - 5) < 1e-6)
        let display = PlanDisplay(plan: plan, language: .english)
        #expect(display.totals.area.unit == .hectare && display.loads[0].area.unit == .hectare)
        #expect(display.totals.products.map(\.unit) == [.litre, .kilogram])
        #expect(display.loads[9].products.allSatisfy { $0.value > 0 }, "the last load's amounts are shown")
        #expect(display.loads[9].area.value > 0)
        #expect(display.loadsAddUp)
        for (index, total) in display.totals.products.enumerated() {
            let sum = display.loads.map { $0.products[index].steps }.reduce(0, +)
            #expect(sum == total.steps, "product \(index + 1) adds up")
        }
    }

    @Test func aThousandEqualLoadsGiveTheirExactFigure() throws {
        // 4,999.3 ha in tanks of 4.9993 ha: each load prints as 5.00 ha, 1,000 of them as 5,000 ha.
        var job = setting(baseJob(), "field.area.value", json: "4999.3")
        job = setting(job, "sprayRate.value", json: "200")
        job = setting(job, "tank.capacity.value", json: "999.86")
        job = setting(job, "products.0.rate.value", json: "1.5")
        let plan = try plan(job)
        let display = PlanDisplay(plan: plan, language: .english)
        #expect(display.loads.count == 1_000 && display.groups == [0..<1_000])
        #expect(display.totals.area.text(in: .english) == "4,999.3\u{A0}ha" && display.loads[0].area.text(in: .english) == "5\u{A0}ha")
        #expect(!display.loadsAddUp)
        let area = try #require(display.exactFigures.first { $0.column == .area })
        #expect(area.quantity.text(in: .english) == "4.9993\u{A0}ha")
        let product = try #require(display.exactFigures.first { $0.column == .product(0) })
        #expect(product.quantity.text(in: .english) == "7.49895\u{A0}L" && display.totals.products[0].text(in: .english) == "7,498.95\u{A0}L")
        // The report prints them under the table.
        let data = ReportData.job(plan, locale: BuiltInLocales.english)
        guard case .record(let root) = data, case .list(let lines)? = root["exactLoads"]?.resolved else { Issue.record("no exact lines"); return }
        let texts = lines.map { value -> String in if case .text(let text) = value { text } else { "" } }
        #expect(texts == [("1–1,000 · full\u{A0}×\u{A0}1,000: Area 4.9993\u{A0}ha · Water 992.36105\u{A0}L · Roundup 360 SL 7.49895\u{A0}L")], "the tank's 999.86 L add up and are not repeated")
    }

    @Test func polishWritesTheLitreLowerCase() throws {
        let plan = try plan(setting(baseJob(), "locale", json: #""pl""#))
        let display = PlanDisplay(plan: plan, language: .polish)
        #expect(display.totals.sprayLiquid.text(in: .polish) == "2\u{A0}500\u{A0}l")
        #expect(display.totals.products[0].text(in: .polish) == "18,75\u{A0}l")
        #expect(display.fieldArea.text(in: .polish) == "12,5\u{A0}ha")
    }

    @Test func smallAmountsAreShownInMillilitresAndStillAddUp() throws {
        // 0.3 L/ha over 3 loads of 1/3 ha: 100 mL each, 300 mL in all.
        var job = setting(baseJob(), "field.area.value", json: "1")
        job = setting(job, "tank.capacity.value", json: "66.666667")
        job = setting(job, "products.0.rate.value", json: "0.3")
        let display = PlanDisplay(plan: try plan(job), language: .english)
        #expect(display.totals.products[0].unit == .millilitre)
        #expect(display.loads.map(\.products[0].steps).reduce(0, +) == display.totals.products[0].steps)
        #expect(display.totals.products[0].text(in: .english) == "300\u{A0}mL")
    }

    @Test func usInputGivesUSOutput() throws {
        var job = setting(baseJob(), "field.area.unit", json: #""ac""#)
        job = setting(job, "sprayRate", json: #"{"value": 15, "unit": "gal/ac"}"#)
        job = setting(job, "tank.capacity", json: #"{"value": 300, "unit": "gal"}"#)
        job = setting(job, "products.0.rate", json: #"{"value": 24, "unit": "fl oz/ac"}"#)
        let display = PlanDisplay(plan: try plan(job), language: .english)
        #expect(display.fieldArea.unit == .acre)
        #expect(display.totals.sprayLiquid.text(in: .english) == "187.5\u{A0}gal")
        #expect(display.totals.products[0].text(in: .english) == "2.34\u{A0}gal")
    }
}
