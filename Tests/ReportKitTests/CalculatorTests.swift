import Testing
@testable import ReportKit

/// Worked examples from the app and from published extension and advisory sources. Each test
/// names its source; the numbers asserted are the ones the source prints.
@Suite("Tank-mix calculator")
struct CalculatorTests {
    /// The "Kalkulator Oprysku" app: 15 ha, 150 L/ha, 15 L/ha, 800 L tank.
    @Test func matchesTheAppsOwnExample() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(15, .hectare), sprayRate: Quantity(150, .litresPerHectare), tank: Quantity(800, .litre),
            products: [("Product", Quantity(15, .litresPerHectare))]))
        #expect(plan.totals.sprayLiquid == 2_250)
        #expect(plan.totals.products == [225])
        #expect(plan.loads.map(\.kind) == [.full, .full, .partial])
        #expect(plan.loads.map { ($0.tankContents * 1e6).rounded() / 1e6 } == [800, 800, 650])
        #expect(abs(plan.loads[0].water - 720) < 1e-9 && abs(plan.loads[0].products[0] - 80) < 1e-9)
        #expect(abs(plan.loads[2].water - 585) < 1e-9 && abs(plan.loads[2].products[0] - 65) < 1e-9)
        let display = PlanDisplay(plan: plan, language: .english)
        #expect(display.loads.map { $0.water.text(in: .english) } == ["720\u{A0}L", "720\u{A0}L", "585\u{A0}L"])
    }

    /// "Calculating Spray Application Information", a provincial extension factsheet: a sprayer
    /// calibrated at 200 L/ha with a 1,000 L tank on a 20 ha field applies 4,000 L in 4 tank loads.
    @Test func extensionFactsheetFullLoadsOnly() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(20, .hectare), sprayRate: Quantity(200, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("Herbicide", Quantity(1, .litresPerHectare))]))
        #expect(plan.totals.sprayLiquid == 4_000)
        #expect(plan.loads.count == 4 && plan.loads.allSatisfy { $0.kind == .full })
        #expect(plan.areaPerFullLoad == 5)
    }

    /// Agrochemical and Pesticide Safety Handbook, "calculating the amount of pesticide", example 4:
    /// 3.5 acres at 15 gallons per acre needs 52.5 gallons in the tank; at 3 lb per acre, 10.5 lb of
    /// formulation. US units in, US units out; a dry product; one partial load.
    @Test func handbookExampleUSUnitsDryProduct() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(3.5, .acre), sprayRate: Quantity(15, .gallonsPerAcre), tank: Quantity(100, .gallon),
            products: [("80 WP", Quantity(3, .poundsPerAcre))]))
        let display = PlanDisplay(plan: plan, language: .english)
        #expect(plan.loads.count == 1 && plan.loads[0].kind == .partial)
        #expect(display.totals.sprayLiquid.text(in: .english) == "52.5\u{A0}gal")
        #expect(display.totals.products[0].text(in: .english) == "10.5\u{A0}lb")
        // Dry products take no room: all 52.5 gal is water.
        #expect(display.loads[0].water.text(in: .english) == "52.5\u{A0}gal")
    }

    /// New England Vegetable Management Guide, dilution table: 1 pt per 100 gal is 4 fl oz in 25 gal;
    /// 1 lb per 100 gal is 1/4 lb (4 oz) in 25 gal; 1 qt per 100 gal (0.25 % by volume) is 1/2 pt
    /// (8 fl oz) in 25 gal. A tank mix of three per-spray-liquid rates.
    @Test func vegetableGuideDilutionTable() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(1, .acre), sprayRate: Quantity(25, .gallonsPerAcre), tank: Quantity(25, .gallon),
            products: [("EC", Quantity(16, .fluidOuncesPer100Gallons)), ("WP", Quantity(1, .poundsPer100Gallons)),
                       ("Surfactant", Quantity(0.25, .percentByVolume))]))
        let display = PlanDisplay(plan: plan, language: .english)
        #expect(plan.loads.count == 1 && plan.loads[0].kind == .full)
        #expect(display.loads[0].products.map { $0.text(in: .english) } == ["4\u{A0}fl\u{A0}oz", "4\u{A0}oz", "8\u{A0}fl\u{A0}oz"])
    }

    /// Metric rate per 100 L and percent: 0.1 % of a 1,000 L load is 1 L; 150 g/100 L in 1,000 L is 1.5 kg.
    @Test func perHundredLitreAndPercentRates() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(5, .hectare), sprayRate: Quantity(200, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("Adjuvant", Quantity(0.1, .percentByVolume)), ("Captan", Quantity(150, .gramsPer100Litres))]))
        #expect(plan.loads.count == 1)
        #expect(abs(plan.loads[0].products[0] - 1) < 1e-12)
        #expect(abs(plan.loads[0].products[1] - 1.5) < 1e-12)
        #expect(abs(plan.loads[0].water - 999) < 1e-9, "only the liquid adjuvant displaces water")
    }

    @Test func equalLoadsAreTheFewestThatFitAllOfOneVolume() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(15, .hectare), sprayRate: Quantity(150, .litresPerHectare), tank: Quantity(800, .litre),
            loading: .equal, products: [("Product", Quantity(15, .litresPerHectare))]))
        #expect(plan.loads.map(\.kind) == [.equal, .equal, .equal])
        #expect(plan.loads.map(\.tankContents) == [750, 750, 750])
    }

    @Test func addToCarrierPutsProductsOnTopAndFillsTheTankWithBoth() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(10, .hectare), sprayRate: Quantity(100, .litresPerHectare), tank: Quantity(1_000, .litre),
            water: .addToCarrier, products: [("Oil", Quantity(10, .litresPerHectare))]))
        // 110 L go into the tank per hectare, so a full tank covers 1000/110 ha.
        #expect(abs(plan.areaPerFullLoad - 1_000.0 / 110) < 1e-12)
        #expect(plan.loads.map(\.kind) == [.full, .partial])
        #expect(abs(plan.loads[0].tankContents - 1_000) < 1e-9)
        #expect(abs(plan.loads[0].water - plan.loads[0].volume) < 1e-12, "water is the whole load volume")
        #expect(abs(plan.totals.water - 1_000) < 1e-9 && abs(plan.totals.tankContents - 1_100) < 1e-9)
    }

    @Test func aRemainderOfAtMostOneHundredthOfALitreIsNotALoad() throws {
        // 10.00005 ha × 100 L/ha = 1000.005 L: one full tank, not a second load of 5 mL.
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(10.000_05, .hectare), sprayRate: Quantity(100, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("P", Quantity(1, .litresPerHectare))]))
        #expect(plan.loads.count == 1 && plan.loads[0].kind == .full)
        #expect(plan.loads[0].area == 10.000_05, "the one load still covers the whole field")
        // 0.02 L over is a (tiny) load of its own.
        let over = try SprayCalculator.plan(for: makeJob(
            area: Quantity(10.000_2, .hectare), sprayRate: Quantity(100, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("P", Quantity(1, .litresPerHectare))]))
        #expect(over.loads.count == 2)
    }

    @Test func floatNoiseJustUnderAWholeTankIsAFullLoad() throws {
        // 0.1 + 0.2 style noise: 3 × (1/3) tanks must be 3 loads, not 2 full + 1 of 999.99…
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(0.3, .hectare), sprayRate: Quantity(1_000, .litresPerHectare), tank: Quantity(100, .litre),
            products: [("P", Quantity(0.1, .litresPerHectare))]))
        #expect(plan.loads.count == 3 && plan.loads.allSatisfy { $0.kind == .full })
    }

    @Test func warnsWhenTheLastLoadIsTiny() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(10.2, .hectare), sprayRate: Quantity(100, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("P", Quantity(1, .litresPerHectare))]))
        #expect(plan.warnings.map(\.description) == [
            "$.tank.capacity: the last load is only 20 L (2 % of the tank); a sprayer may not mix or pump so little well. Consider \"equal\" loads",
        ])
    }

    @Test func refusesLiquidProductsThatDoNotFitTheLoad() throws {
        let job = makeJob(
            area: Quantity(10, .hectare), sprayRate: Quantity(50, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("A", Quantity(30, .litresPerHectare)), ("B", Quantity(50, .percentByVolume))])
        let error = #expect(throws: InputError.self) { try SprayCalculator.plan(for: job) }
        #expect(error?.description == "$.products: the liquid products take 55 L per ha, more than the 50 L/ha of spray liquid they are mixed into "
            + "(water rule fillToVolume); lower the product rates or raise sprayRate")
        #expect(error?.diagnostics.map(\.code) == ["input.mix"])
    }

    @Test func refusesAPlanWithTooManyLoads() throws {
        let job = makeJob(
            area: Quantity(100_000, .hectare), sprayRate: Quantity(200, .litresPerHectare), tank: Quantity(1, .litre),
            products: [("P", Quantity(1, .litresPerHectare))])
        let error = #expect(throws: InputError.self) { try SprayCalculator.plan(for: job) }
        #expect(error?.description == "$.tank.capacity: this job needs 20000000 tank loads; at most 1000 are planned. Check the field area and the tank capacity")
        #expect(error?.diagnostics.map(\.code) == ["input.limit"])
    }

    @Test func dryProductsNeverDisplaceWater() throws {
        let plan = try SprayCalculator.plan(for: makeJob(
            area: Quantity(2, .hectare), sprayRate: Quantity(100, .litresPerHectare), tank: Quantity(1_000, .litre),
            products: [("Salt", Quantity(50, .kilogramsPerHectare))]))
        #expect(plan.loads[0].water == 200 && plan.loads[0].tankContents == 200)
    }

    @Test func everyUnitConvertsByItsCitedConstant() {
        // Reference values: the exact definitions divided out by hand (NIST HB 44 appendix C).
        #expect(abs(AreaUnit.acre.toInternal - 0.404_685_642_24) < 1e-15)
        #expect(abs(SprayRateUnit.gallonsPerAcre.toInternal - 9.353_956_228_956_228) < 1e-12)
        #expect(abs(ProductRateUnit.fluidOuncesPerAcre.toInternal - 0.073_077_783_038_720_53) < 1e-14)
        #expect(abs(ProductRateUnit.poundsPerAcre.toInternal - 1.120_851_156_194_456) < 1e-12)
        #expect(abs(ProductRateUnit.ouncesPerAcre.toInternal * 16 - ProductRateUnit.poundsPerAcre.toInternal) < 1e-15)
        #expect(abs(ProductRateUnit.fluidOuncesPer100Gallons.toInternal - 1.0 / 12_800) < 1e-18)
        #expect(ProductRateUnit.percentByVolume.form == .liquid && ProductRateUnit.poundsPer100Gallons.form == .dry)
        #expect(AreaUnit(symbol: "m²") == .squareMetre)
    }
}
