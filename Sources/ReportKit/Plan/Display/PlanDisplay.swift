/// A plan as a person reads it: every number in a unit of the job's own system (metric in, metric
/// out; US in, US out), rounded to what can be measured.
///
/// Loads with the same content (every full load; every equal load) show the same amounts: each
/// group of identical loads is rounded once. The rounding remainder goes to the one load that is
/// on its own, the partial load at the end, so the loads of each column add up exactly to the
/// total shown for it. When every load is one of several alike (equal loads, or full loads only),
/// there is no such load: then the loads may add up to a step or a few off the total, and
/// ``loadsAddUp`` is false so that the report can say so.
package struct PlanDisplay: Sendable, Equatable {
    package struct Totals: Sendable, Equatable {
        package let sprayLiquid: DisplayQuantity
        package let water: DisplayQuantity
        package let tankContents: DisplayQuantity
        /// Each product's total in the unit of its column of loads (so the column adds up).
        package let products: [DisplayQuantity]
        /// Each product's total in a unit chosen for the total itself (398 L, not 398,000 mL
        /// because each load takes 400 mL): the same amount, for the product list.
        package let productsForJob: [DisplayQuantity]
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

    package let language: ReportLanguage
    package let fieldArea: DisplayQuantity
    package let areaPerFullLoad: DisplayQuantity
    package let tankCapacity: DisplayQuantity
    package let totals: Totals
    package let loads: [Load]
    /// Runs of identical consecutive loads (indices into ``loads``), in order.
    package let groups: [Range<Int>]
    /// True when every column of loads adds up exactly to its total.
    package let loadsAddUp: Bool

    package init(plan: SprayPlan, language: ReportLanguage) {
        let job = plan.job
        let loads = plan.loads
        self.language = language

        let groups = Self.groups(of: loads)
        self.groups = groups
        let areaScale = DisplayScale.area(job.field.area.unit)
        let volumeScale = DisplayScale.volume(job.tank.capacity.unit.system)
        let area = Self.column(loads.map(\.area), total: job.field.area.internalValue, areaScale, groups: groups)
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
        loadsAddUp = ([area, volume, water, contents] + products).allSatisfy(\.addsUp)

        fieldArea = area.total
        areaPerFullLoad = Self.quantity(plan.areaPerFullLoad, areaScale)
        tankCapacity = Self.quantity(job.tank.capacity.internalValue, volumeScale)
        let forJob = job.products.indices.map { index in
            let product = job.products[index], total = plan.totals.products[index]
            return Self.quantity(total, DisplayScale.product(product.form, product.rate.unit.system ?? job.tank.capacity.unit.system,
                                                             smallest: total, largest: total))
        }
        totals = Totals(sprayLiquid: volume.total, water: water.total, tankContents: contents.total,
                        products: products.map(\.total), productsForJob: forJob)
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

    /// A column of load values and its total: each group of identical loads rounded once, and
    /// the remainder given to the last load that is alone in its group, when there is one.
    private static func column(_ parts: [Double], total: Double, _ scale: DisplayScale,
                               groups: [Range<Int>]) -> (total: DisplayQuantity, parts: [DisplayQuantity], addsUp: Bool) {
        let factor = scale.unit.perInternalUnit
        let values = parts.map { $0 * factor }
        let totalSteps = DisplayRounding.steps(total * factor, scale)
        var perGroup = groups.map { DisplayRounding.steps(values[$0.lowerBound], scale) }
        let sum = zip(groups, perGroup).reduce(Int64(0)) { $0 + Int64($1.0.count) * $1.1 }
        var addsUp = sum == totalSteps
        if !addsUp, let alone = groups.lastIndex(where: { $0.count == 1 }), perGroup[alone] + totalSteps - sum >= 0 {
            perGroup[alone] += totalSteps - sum
            addsUp = true
        }
        var rounded = [Int64](repeating: 0, count: parts.count)
        for (group, steps) in zip(groups, perGroup) {
            for index in group { rounded[index] = steps }
        }
        return (
            DisplayQuantity(value: total * factor, scale: scale, steps: totalSteps),
            zip(values, rounded).map { DisplayQuantity(value: $0, scale: scale, steps: $1) },
            addsUp
        )
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
