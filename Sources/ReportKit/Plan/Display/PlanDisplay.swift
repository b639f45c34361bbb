/// A plan as a person reads it: every number in a unit of the job's own system (metric in, metric
/// out; US in, US out), rounded to what can be measured, and adding up: the loads of each column
/// add up exactly to the total shown for it.
public struct PlanDisplay: Sendable, Equatable {
    public struct Totals: Sendable, Equatable {
        public let sprayLiquid: DisplayQuantity
        public let water: DisplayQuantity
        public let tankContents: DisplayQuantity
        public let products: [DisplayQuantity]
    }

    public struct Load: Sendable, Equatable {
        public let index: Int
        public let kind: LoadKind
        public let area: DisplayQuantity
        public let volume: DisplayQuantity
        public let water: DisplayQuantity
        public let tankContents: DisplayQuantity
        public let products: [DisplayQuantity]
    }

    public let language: ReportLanguage
    public let fieldArea: DisplayQuantity
    public let areaPerFullLoad: DisplayQuantity
    public let tankCapacity: DisplayQuantity
    public let totals: Totals
    public let loads: [Load]

    public init(plan: SprayPlan, language: ReportLanguage) {
        let job = plan.job
        let loads = plan.loads
        self.language = language

        let areaScale = DisplayScale.area(job.field.area.unit)
        let volumeScale = DisplayScale.volume(job.tank.capacity.unit.system)
        let area = Self.column(loads.map(\.area), total: job.field.area.internalValue, areaScale)
        let volume = Self.column(loads.map(\.volume), total: plan.totals.sprayLiquid, volumeScale)
        let water = Self.column(loads.map(\.water), total: plan.totals.water, volumeScale)
        let contents = Self.column(loads.map(\.tankContents), total: plan.totals.tankContents, volumeScale)
        let products = job.products.indices.map { index in
            let product = job.products[index]
            let amounts = loads.map { $0.products[index] }
            let scale = DisplayScale.product(product.form, product.rate.unit.system ?? job.tank.capacity.unit.system,
                                             largest: amounts.max() ?? plan.totals.products[index])
            return Self.column(amounts, total: plan.totals.products[index], scale)
        }

        fieldArea = area.total
        areaPerFullLoad = Self.quantity(plan.areaPerFullLoad, areaScale)
        tankCapacity = Self.quantity(job.tank.capacity.internalValue, volumeScale)
        totals = Totals(sprayLiquid: volume.total, water: water.total, tankContents: contents.total,
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

    /// A column of load values and its total, rounded together so that they add up.
    private static func column(_ parts: [Double], total: Double, _ scale: DisplayScale) -> (total: DisplayQuantity, parts: [DisplayQuantity]) {
        let factor = scale.unit.perInternalUnit
        let values = parts.map { $0 * factor }
        let rounded = DisplayRounding.apportion(values, total: total * factor, scale)
        return (
            DisplayQuantity(value: total * factor, scale: scale, steps: rounded.total),
            zip(values, rounded.parts).map { DisplayQuantity(value: $0, scale: scale, steps: $1) }
        )
    }
}
