/// A plan as a person reads it: every number in a unit of the job's own system (metric in, metric
/// out; US in, US out), rounded to what can be measured.
///
/// One number, one display: each product has one unit and one step for the whole report (its
/// column of loads, its total in the product list, the tank card, the plan's text and JSON, the
/// register), chosen from the amounts a person measures into one load.
///
/// Loads with the same content (every full load; every equal load) show the same amounts: each
/// group of identical loads is rounded once. The rounding remainder goes to the one load that is
/// on its own, the partial load at the end, so the loads of each column add up exactly to the
/// total shown for it. When every load is one of several alike (equal loads, or full loads only),
/// there is no such load: then ``exactFigures`` gives, for each column that does not add up, one
/// load's amount with the decimals that make the count of loads times it equal the total
/// (1,000 loads of 4.9993 ha, shown as 5.00 ha, for a field of 4,999.30 ha), and the report
/// prints them beside the table.
package struct PlanDisplay: Sendable, Equatable {
    package struct Totals: Sendable, Equatable {
        package let sprayLiquid: DisplayQuantity
        package let water: DisplayQuantity
        package let tankContents: DisplayQuantity
        /// The field's area in the unit of the loads' area column, in which the loads add up.
        package let area: DisplayQuantity
        /// Each product's total, in the product's one unit and step.
        package let products: [DisplayQuantity]
    }

    package struct Load: Sendable, Equatable {
        package let index: Int
        package let kind: LoadKind
        package let area: DisplayQuantity
        package let volume: DisplayQuantity
        package let water: DisplayQuantity
        package let tankContents: DisplayQuantity
        package let products: [DisplayQuantity]
    }

    /// A column of the load table.
    package enum Column: Sendable, Equatable {
        case area, volume, water, tankContents
        case product(Int)
    }

    /// One load's exact amount in a column whose rounded loads do not add up to its total:
    /// enough decimals that the loads of every group times their count give the total.
    package struct ExactFigure: Sendable, Equatable {
        package let group: Range<Int>
        package let column: Column
        package let quantity: DisplayQuantity
    }

    package let language: ReportLanguage
    /// The field's area in the unit it was given in.
    package let fieldArea: DisplayQuantity
    package let areaPerFullLoad: DisplayQuantity
    package let tankCapacity: DisplayQuantity
    package let totals: Totals
    package let loads: [Load]
    /// Runs of identical consecutive loads (indices into ``loads``), in order.
    package let groups: [Range<Int>]
    /// True when every column of loads adds up exactly to its total.
    package let loadsAddUp: Bool
    /// For the columns that do not add up, each group's exact amount a load.
    package let exactFigures: [ExactFigure]

    package init(plan: SprayPlan, language: ReportLanguage) {
        let job = plan.job
        let loads = plan.loads
        self.language = language

        let groups = Self.groups(of: loads)
        self.groups = groups
        let areas = loads.map(\.area)
        let areaScale = DisplayScale.loadArea(job.field.area.unit, smallest: areas.min() ?? job.field.area.internalValue,
                                              typical: areas.max() ?? job.field.area.internalValue)
        let volumeScale = DisplayScale.volume(job.tank.capacity.unit.system)
        let area = Self.column(areas, total: job.field.area.internalValue, areaScale, groups: groups)
        let volume = Self.column(loads.map(\.volume), total: plan.totals.sprayLiquid, volumeScale, groups: groups)
        let water = Self.column(loads.map(\.water), total: plan.totals.water, volumeScale, groups: groups)
        let contents = Self.column(loads.map(\.tankContents), total: plan.totals.tankContents, volumeScale, groups: groups)
        let products = job.products.indices.map { index in
            let product = job.products[index]
            let amounts = loads.map { $0.products[index] }
            let scale = DisplayScale.product(product.form, product.rate.unit.system ?? job.tank.capacity.unit.system,
                                             smallest: amounts.min() ?? plan.totals.products[index],
                                             largest: amounts.max() ?? plan.totals.products[index])
            return Self.column(amounts, total: plan.totals.products[index], scale, groups: groups)
        }
        let columns: [(Column, ColumnDisplay)] = [(.area, area), (.volume, volume), (.water, water), (.tankContents, contents)]
            + products.enumerated().map { (Column.product($0), $1) }
        loadsAddUp = columns.allSatisfy { $1.addsUp }
        exactFigures = columns.flatMap { column, display in
            display.exact.map { ExactFigure(group: $0.group, column: column, quantity: $0.quantity) }
        }

        fieldArea = Self.quantity(job.field.area.internalValue, DisplayScale.area(job.field.area.unit))
        areaPerFullLoad = Self.quantity(plan.areaPerFullLoad, areaScale)
        tankCapacity = Self.quantity(job.tank.capacity.internalValue, volumeScale)
        totals = Totals(sprayLiquid: volume.total, water: water.total, tankContents: contents.total, area: area.total,
                        products: products.map(\.total))
        self.loads = loads.indices.map { row in
            Load(index: loads[row].index, kind: loads[row].kind, area: area.parts[row], volume: volume.parts[row],
                 water: water.parts[row], tankContents: contents.parts[row], products: products.map { $0.parts[row] })
        }
    }

    /// One value on its own, rounded to its scale.
    static func quantity(_ internalValue: Double, _ scale: DisplayScale) -> DisplayQuantity {
        let value = internalValue * scale.unit.perInternalUnit
        return DisplayQuantity(value: value, scale: scale, steps: DisplayRounding.steps(value, scale))
    }

    /// Consecutive loads with the same kind and the same contents (to a millionth of a litre: the
    /// calculator makes every full load, and every equal load, from the same numbers).
    static func groups(of loads: [TankLoad]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        for index in loads.indices.dropFirst() where !loads[index].isAlike(loads[start]) {
            groups.append(start..<index)
            start = index
        }
        if !loads.isEmpty { groups.append(start..<loads.count) }
        return groups
    }

    private struct ColumnDisplay {
        var total: DisplayQuantity
        var parts: [DisplayQuantity]
        var addsUp: Bool
        var exact: [(group: Range<Int>, quantity: DisplayQuantity)]
    }

    /// The most decimals an exact figure is given with beyond its column's: enough that 1,000
    /// loads times it are within a millionth of a step of the total.
    private static let exactExtraDigits = 9

    /// A column of load values and its total: each group of identical loads rounded once, and
    /// the remainder given to the last load that is alone in its group, when there is one; when
    /// there is none and the column does not add up, each group's exact figure a load.
    private static func column(_ parts: [Double], total planned: Double, _ scale: DisplayScale, groups: [Range<Int>]) -> ColumnDisplay {
        // The total is what the loads hold: the calculator leaves out a last load under
        // 0.01 L (``JobLimits/negligibleRemainderLitres``), which can move the planned total's
        // last digit, and no rounding of the loads could then add up to it.
        let held = parts.reduce(0, +)
        // (The planned value when the two differ by float noise alone.)
        let total = parts.isEmpty || abs(held - planned) <= 1e-9 * max(1, abs(planned)) ? planned : held
        let factor = scale.unit.perInternalUnit
        let values = parts.map { $0 * factor }
        let totalSteps = DisplayRounding.steps(total * factor, scale)
        var perGroup = groups.map { DisplayRounding.steps(values[$0.lowerBound], scale) }
        func sum(_ steps: [Int64]) -> Int64 {
            zip(groups, steps).reduce(Int64(0)) { $0.addingReportingOverflow(Int64($1.0.count).multipliedReportingOverflow(by: $1.1).partialValue).partialValue }
        }
        let shortBy = totalSteps.subtractingReportingOverflow(sum(perGroup)).partialValue
        var addsUp = shortBy == 0
        // The load alone takes the remainder unless that would leave it printing nothing (or less).
        if !addsUp, let alone = groups.lastIndex(where: { $0.count == 1 }),
           perGroup[alone] + shortBy > 0 || (perGroup[alone] + shortBy == 0 && values[groups[alone].lowerBound] == 0) {
            perGroup[alone] += shortBy
            addsUp = true
        }
        var rounded = [Int64](repeating: 0, count: parts.count)
        for (group, steps) in zip(groups, perGroup) {
            for index in group { rounded[index] = steps }
        }
        var exact: [(group: Range<Int>, quantity: DisplayQuantity)] = []
        if !addsUp {
            // The fewest further decimals at which the groups, counted, round to the total shown.
            for extra in 1...exactExtraDigits {
                let fine = DisplayScale(scale.unit, fractionDigits: scale.fractionDigits + extra)
                let fineSteps = groups.map { DisplayRounding.steps(values[$0.lowerBound], fine) }
                let coarse = DisplayRounding.steps(Double(sum(fineSteps)) / DisplayRounding.pow10(fine.fractionDigits), scale)
                if coarse == totalSteps || extra == exactExtraDigits {
                    exact = zip(groups, fineSteps).map { ($0, DisplayQuantity(value: values[$0.lowerBound], scale: fine, steps: $1)) }
                    break
                }
            }
        }
        return ColumnDisplay(total: DisplayQuantity(value: total * factor, scale: scale, steps: totalSteps),
                             parts: zip(values, rounded).map { DisplayQuantity(value: $0, scale: scale, steps: $1) },
                             addsUp: addsUp, exact: exact)
    }
}

extension TankLoad {
    /// The same kind and contents as `other`, to a millionth (float noise aside).
    func isAlike(_ other: TankLoad) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
        return kind == other.kind && same(area, other.area) && same(water, other.water)
            && same(tankContents, other.tankContents) && zip(products, other.products).allSatisfy(same)
    }
}
