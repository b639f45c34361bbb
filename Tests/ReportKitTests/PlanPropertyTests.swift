import PropertyBased
import Testing
import CLITestSupport
@testable import ReportKit

/// For random valid jobs: the plan covers the field, adds up, and never asks for negative water;
/// and what it shows adds up too.
@Suite("Plan properties")
struct PlanPropertyTests {
    private static let perAreaLiquid: [ProductRateUnit] = [.litresPerHectare, .millilitresPerHectare, .gallonsPerAcre,
                                                           .quartsPerAcre, .pintsPerAcre, .fluidOuncesPerAcre]
    private static let otherUnits: [ProductRateUnit] = [.kilogramsPerHectare, .gramsPerHectare, .poundsPerAcre, .ouncesPerAcre,
        .litresPer100Litres, .millilitresPer100Litres, .kilogramsPer100Litres, .gramsPer100Litres,
        .fluidOuncesPer100Gallons, .poundsPer100Gallons, .percentByVolume]

    /// A product rate of a sensible size for its unit, from a random unit and a random factor.
    private static func product(_ unit: ProductRateUnit, _ factor: Double) -> Product {
        // Scale so every unit lands between about 0.01 and 3 L (or kg) per ha, or 0.01 to 2 % of the liquid.
        let internalTarget = unit.basis == .perArea ? 0.01 + factor * 3 : 0.000_1 + factor * 0.02
        return Product(name: unit.rawValue, rate: Quantity(internalTarget / unit.toInternal, unit))
    }

    private static let allUnits = perAreaLiquid + otherUnits

    /// Sizes: area (ha), spray rate (L/ha), tank (L), and a factor for product rates.
    private static let sizes = zip(Gen.double(in: 0.05...800), Gen.double(in: 20...600),
                                   Gen.double(in: 30...6_000), Gen.double(in: 0...1))
    /// Choices: area unit, loading, water rule, and the product units (as indices).
    private static let choices = zip(Gen.int(in: 0...3), Gen.int(in: 0...1), Gen.int(in: 0...1),
                                     Gen.int(in: 0...(allUnits.count - 1)).array(of: 1...6))

    private static let jobs = zip(sizes, choices).map { sizes, choices -> SprayJob in
        let (hectares, sprayRate, capacity, factor) = sizes
        let (areaIndex, loadingIndex, waterIndex, unitIndices) = choices
        let areaUnit = AreaUnit.allCases[areaIndex]
        return SprayJob(
            field: Field(area: Quantity(hectares / areaUnit.toInternal, areaUnit)),
            sprayRate: Quantity(sprayRate, .litresPerHectare),
            tank: Tank(capacity: Quantity(capacity, .litre), loading: LoadingStrategy.allCases[loadingIndex]),
            waterRule: WaterRule.allCases[waterIndex],
            products: unitIndices.enumerated().map { offset, unitIndex in
                product(allUnits[unitIndex], (factor + Double(offset) * 0.37).truncatingRemainder(dividingBy: 1))
            }
        )
    }

    @Test func plansCoverTheFieldAndAddUp() async {
        await propertyCheck(count: TestRun.cases(400), input: Self.jobs) { job in
            guard let plan = try? SprayCalculator.plan(for: job) else {
                // Only refusals the limits document (too many loads) may happen here.
                #expect(job.field.area.internalValue * job.sprayRate.internalValue / job.tank.capacity.internalValue > 0.9 * Double(JobLimits.maximumLoads))
                return
            }
            let area = job.field.area.internalValue
            #expect(abs(plan.loads.reduce(0) { $0 + $1.area } - area) <= area * 1e-9)
            for index in job.products.indices {
                let sum = plan.loads.reduce(0) { $0 + $1.products[index] }
                #expect(abs(sum - plan.totals.products[index]) <= plan.totals.products[index] * 1e-9)
            }
            #expect(plan.loads.allSatisfy { $0.water >= 0 && $0.area > 0 })
            let capacity = job.tank.capacity.internalValue
            #expect(plan.loads.allSatisfy { $0.tankContents <= capacity + JobLimits.negligibleRemainderLitres })
            if job.tank.loading == .fullThenPartial {
                #expect(plan.loads.dropLast().allSatisfy { $0.kind == .full })
            } else {
                // Equal loads: the fewest that fit, so one fewer would overflow the tank.
                let contents = plan.totals.tankContents
                #expect(plan.loads.count == 1 || contents / Double(plan.loads.count - 1) > capacity)
            }
        }
    }

    @Test func identicalLoadsReadIdenticallyAndEveryColumnAgreesWithItsTotal() async {
        await propertyCheck(count: TestRun.cases(400), input: Self.jobs, Gen.int(in: 0...1)) { job, languageIndex in
            let language = ReportLanguage.allCases[languageIndex]
            guard let plan = try? SprayCalculator.plan(for: job) else { return }
            let display = PlanDisplay(plan: plan, language: language)
            let columns: [(column: PlanDisplay.Column, total: DisplayQuantity, parts: [DisplayQuantity])] = [
                (.area, display.totals.area, display.loads.map(\.area)), (.volume, display.totals.sprayLiquid, display.loads.map(\.volume)),
                (.water, display.totals.water, display.loads.map(\.water)), (.tankContents, display.totals.tankContents, display.loads.map(\.tankContents)),
            ] + job.products.indices.map { index in (.product(index), display.totals.products[index], display.loads.map { $0.products[index] }) }
            // Every load of a group of identical loads shows the same amounts.
            for group in display.groups {
                for column in columns {
                    #expect(Set(column.parts[group].map(\.steps)).count == 1, "identical loads \(group) read differently")
                }
            }
            for column in columns {
                // One unit and step for a column and its total.
                #expect(column.parts.allSatisfy { $0.scale == column.total.scale })
                let sum = column.parts.map(\.steps).reduce(0, +)
                let exact = display.exactFigures.filter { $0.column == column.column }
                if sum == column.total.steps {
                    #expect(exact.isEmpty)
                    continue
                }
                // A column that does not add up (no load alone, or one too small, to take the
                // remainder) gives each group's exact figure: the counts times them make the total
                // shown, rounded, or (a total a hair from a rounding boundary) its exact value to a
                // millionth of a step or a billionth of itself (float noise in the loads' sum).
                #expect(!display.loadsAddUp)
                #expect(exact.map(\.group) == display.groups, "\(column.column): no exact figures")
                let digits = exact.first?.quantity.scale.fractionDigits ?? 0
                let fineSum = exact.reduce(Int64(0)) { $0 + Int64($1.group.count) * $1.quantity.steps }
                let scale = column.total.scale
                let counted = Double(fineSum) / DisplayRounding.pow10(digits)
                let step = 1 / DisplayRounding.pow10(scale.fractionDigits)
                #expect(DisplayRounding.steps(counted, scale) == column.total.steps || abs(counted - column.total.value) <= step * 1e-6 + abs(column.total.value) * 1e-9,
                        "\(column.column): \(fineSum) at \(digits) digits against \(column.total.steps)")
            }
            // A load shown is within one step of its exact amount, except the one that takes the
            // remainder (within half a step for each load of the others), and never negative.
            let remainderTaker = display.groups.last { $0.count == 1 }?.lowerBound
            for column in columns {
                for (index, quantity) in column.parts.enumerated() {
                    let step = 1 / DisplayRounding.pow10(quantity.scale.fractionDigits)
                    let allowed = index == remainderTaker ? step * (Double(column.parts.count) / 2 + 1) : step
                    #expect(abs(quantity.rounded - quantity.value) <= allowed * 1.000_001 && quantity.steps >= 0)
                }
            }
            // No load's area prints as nothing.
            #expect(display.loads.allSatisfy { $0.area.steps > 0 }, "a load's area printed as 0: \(display.loads.map(\.area))")
        }
    }
}
