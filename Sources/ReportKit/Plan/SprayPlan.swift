/// The tank-mix plan of a job: totals and one entry per tank load, at full precision.
///
/// Units inside a plan are fixed: areas in hectares, volumes in litres, product amounts in litres
/// (liquid products) or kilograms (dry products). Rounding is for display only (``PlanDisplay``).
public struct SprayPlan: Sendable, Equatable {
    public let job: SprayJob
    public let totals: PlanTotals
    /// The area one full tank covers.
    public let areaPerFullLoad: Double
    public let loads: [TankLoad]
    /// What a person should look at twice, from reading the input and from planning.
    public let warnings: [Diagnostic]

    public var fullLoadCount: Int { loads.count { $0.kind == .full } }
    public var partialLoadCount: Int { loads.count { $0.kind == .partial } }
}

public struct PlanTotals: Sendable, Equatable {
    /// Field area times spray rate.
    public let sprayLiquid: Double
    /// The water to add over all loads.
    public let water: Double
    /// What goes into the tank over all loads: water plus liquid products.
    public let tankContents: Double
    /// Each product's total, in the order of the job's products.
    public let products: [Double]
}

/// How a load relates to the tank.
public enum LoadKind: String, Sendable {
    /// The tank filled to capacity.
    case full
    /// The last load, sized for the remaining area only.
    case partial
    /// One of several loads of the same volume (the `equal` strategy).
    case equal
}

/// One filling of the tank.
public struct TankLoad: Sendable, Equatable {
    /// The load's number, from 1.
    public let index: Int
    public let kind: LoadKind
    /// The area this load sprays.
    public let area: Double
    /// The load volume: area times spray rate. Under fill-to-volume this is the finished mix;
    /// under add-to-carrier it is the water, with the products on top.
    public let volume: Double
    public let water: Double
    /// Each product's amount for this load, in the order of the job's products.
    public let products: [Double]
    /// What is in the tank once the load is made up: water plus liquid products.
    public let tankContents: Double
}
