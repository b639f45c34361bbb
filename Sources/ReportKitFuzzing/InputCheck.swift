import ReportKit

/// The input decoder and validator, and the calculator behind them.
enum InputCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let document: JobDocument
        do {
            document = try JobDecoder.decodeDocument(bytes)
        } catch {
            return ErrorPromises.check(error.diagnostics, stage: "decoding")
        }
        var broken: [String] = []
        switch document {
        case .job(let decoded):
            broken += PlanPromises.check(decoded)
        case .history(let entries):
            for entry in entries {
                switch entry.result {
                case .success(let decoded): broken += PlanPromises.check(decoded)
                case .failure(let error): broken += ErrorPromises.check(error.diagnostics, stage: "entry \(entry.index)")
                }
            }
        }
        return broken
    }
}

/// What every refusal promises: at least one error, each naming where and what.
enum ErrorPromises {
    static func check(_ diagnostics: [Diagnostic], stage: String) -> [String] {
        guard diagnostics.contains(where: { $0.severity == .error }) else {
            return ["\(stage) failed without an error message"]
        }
        return diagnostics.filter { $0.message.isEmpty }.map { _ in "\(stage): an empty error message" }
    }
}

/// What a plan promises the person loading the sprayer.
enum PlanPromises {
    static func check(_ decoded: DecodedJob) -> [String] {
        let plan: SprayPlan
        do {
            plan = try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
        } catch {
            return ErrorPromises.check(error.diagnostics, stage: "planning")
        }
        return check(plan)
    }

    static func check(_ plan: SprayPlan) -> [String] {
        var broken: [String] = []
        if plan.loads.isEmpty { broken.append("a plan without loads") }
        if plan.loads.count > JobLimits.maximumLoads { broken.append("\(plan.loads.count) loads, more than the limit") }
        let capacity = plan.job.tank.capacity.internalValue
        let numbers = [plan.totals.sprayLiquid, plan.totals.water, plan.totals.tankContents] + plan.totals.products
        if numbers.contains(where: { !$0.isFinite || $0 < 0 }) { broken.append("a total that is negative or not a number") }
        for load in plan.loads {
            let loadNumbers = [load.area, load.volume, load.water, load.tankContents] + load.products
            if loadNumbers.contains(where: { !$0.isFinite || $0 < 0 }) {
                broken.append("load \(load.index): an amount that is negative or not a number")
            }
            if load.tankContents > capacity * (1 + 1e-9) {
                broken.append("load \(load.index): \(load.tankContents) L in a \(capacity) L tank")
            }
        }
        return broken
    }
}
