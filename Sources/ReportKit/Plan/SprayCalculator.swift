import FoundationEssentials
import Glibc

/// Works out a job's totals and tank loads.
///
/// The rules follow the "Kalkulator Oprysku" app, so its numbers come out the same:
/// - spray liquid = area × spray rate; a product's total = area × rate, or concentration × spray liquid;
/// - `fullThenPartial`: as many full tanks as fit, then one partial load for the remaining area;
///   `equal`: the fewest loads that fit the tank, all of one volume;
/// - `fillToVolume`: the load volume is the finished mix, water = load volume − liquid products;
///   `addToCarrier`: water = load volume, products on top (so a full tank holds less water);
/// - dry products never displace water.
package enum SprayCalculator {
    /// The plan for `job`, or an error naming the input field to change when no safe plan exists.
    public static func plan(for job: SprayJob, inputWarnings: [Diagnostic] = []) throws(InputError) -> SprayPlan {
        let paths = job.sourcePaths
        let area = job.field.area.internalValue
        let sprayRate = job.sprayRate.internalValue
        let capacity = job.tank.capacity.internalValue

        // Each product's amount per hectare. Concentrations are of the load volume (the spray liquid).
        let perHectare = job.products.map { product in
            product.rate.unit.basis == .perArea ? product.rate.internalValue : product.rate.internalValue * sprayRate
        }
        let liquidPerHectare = zip(job.products, perHectare).reduce(0.0) { sum, pair in
            pair.0.form == .liquid ? sum + pair.1 : sum
        }

        let tankFillPerHectare: Double
        switch job.waterRule {
        case .fillToVolume:
            if liquidPerHectare > sprayRate * (1 + 1e-12) {
                throw InputError(at: paths.products, MessageText("input.mix", ["products": litres(liquidPerHectare), "spray": litres(sprayRate)]),
                                 code: DiagnosticCode.mix)
            }
            tankFillPerHectare = sprayRate
        case .addToCarrier:
            tankFillPerHectare = sprayRate + liquidPerHectare
        }

        let areaPerFullLoad = capacity / tankFillPerHectare
        let loadAreas = try divideIntoLoads(area: area, tankContents: area * tankFillPerHectare, capacity: capacity,
                                            areaPerFullLoad: areaPerFullLoad, strategy: job.tank.loading, paths: paths)

        let loads = loadAreas.enumerated().map { offset, load in
            let products = perHectare.map { $0 * load.area }
            let volume = load.area * sprayRate
            let liquid = zip(job.products, products).reduce(0.0) { $1.0.form == .liquid ? $0 + $1.1 : $0 }
            let water = job.waterRule == .fillToVolume ? max(0, volume - liquid) : volume
            return TankLoad(index: offset + 1, kind: load.kind, area: load.area, volume: volume, water: water,
                            products: products, tankContents: water + liquid)
        }
        let totals = PlanTotals(
            sprayLiquid: area * sprayRate,
            water: loads.reduce(0) { $0 + $1.water },
            tankContents: loads.reduce(0) { $0 + $1.tankContents },
            products: perHectare.map { $0 * area }
        )

        var warnings = inputWarnings
        if let last = loads.last, last.kind == .partial, loads.count > 1,
           last.tankContents < JobLimits.smallLoadShareOfTank * capacity {
            let share = Int((100 * last.tankContents / capacity).rounded())
            warnings.append(Diagnostic(.warning, at: paths.tankCapacity,
                MessageText("plan.small-last-load", ["litres": litres(last.tankContents), "share": Notice.share(share)]), notice: .smallLastLoad(litres: last.tankContents, shareOfTank: share)))
        }
        return SprayPlan(job: job, totals: totals, areaPerFullLoad: areaPerFullLoad, loads: loads, warnings: warnings)
    }

    private struct LoadArea {
        let kind: LoadKind
        let area: Double
    }

    private static func divideIntoLoads(
        area: Double, tankContents: Double, capacity: Double, areaPerFullLoad: Double,
        strategy: LoadingStrategy, paths: JobSourcePaths
    ) throws(InputError) -> [LoadArea] {
        let negligible = JobLimits.negligibleRemainderLitres
        // Whole tanks, with float noise and the app's 0.01 L allowance taken out in both directions.
        var fullTanks = (tankContents / capacity).rounded(.down)
        var remainder = tankContents - fullTanks * capacity
        if capacity - remainder <= negligible {
            fullTanks += 1
            remainder = 0
        } else if remainder <= negligible {
            remainder = 0
        }
        let loadCount = fullTanks + (remainder > 0 ? 1 : 0)
        guard loadCount <= Double(JobLimits.maximumLoads) else {
            throw InputError(at: paths.tankCapacity, MessageText("input.too-many-loads", ["count": String(Int(loadCount)), "maximum": String(JobLimits.maximumLoads)]),
                             code: DiagnosticCode.limit)
        }
        // A job needing less than the negligible remainder in all is still one (tiny) load.
        let count = max(1, Int(loadCount))
        if fullTanks == 0 {
            return [LoadArea(kind: strategy == .equal ? .equal : .partial, area: area)]
        }
        switch strategy {
        case .equal:
            return Array(repeating: LoadArea(kind: .equal, area: area / Double(count)), count: count)
        case .fullThenPartial where remainder == 0:
            return Array(repeating: LoadArea(kind: .full, area: area / Double(count)), count: count)
        case .fullThenPartial:
            let full = Array(repeating: LoadArea(kind: .full, area: areaPerFullLoad), count: count - 1)
            let rest = area - Double(count - 1) * areaPerFullLoad
            return full + [LoadArea(kind: .partial, area: rest)]
        }
    }

    /// Litres for a message: two decimals at most, no trailing zeros.
    private static func litres(_ value: Double) -> String {
        var text = String(printf: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
