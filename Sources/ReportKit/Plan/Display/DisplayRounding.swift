/// Rounding for display, done so that what a report shows adds up.
enum DisplayRounding {
    /// Values this close to a rounding boundary (relative) are taken to be on it, so that a decimal
    /// written as 0.285 rounds up to 0.29 even though the binary double is 0.28499999….
    private static let boundaryTolerance = 1e-10

    /// `value` in whole steps of `scale`, rounded half away from zero.
    static func steps(_ value: Double, _ scale: DisplayScale) -> Int64 {
        let scaled = value * pow10(scale.fractionDigits)
        return wholeSteps((scaled * (1 + boundaryTolerance)).rounded(.toNearestOrAwayFromZero))
    }

    /// A whole number of steps as an integer. Validated jobs stay far inside Int64; the clamp
    /// keeps a value that is not (a library caller's own) from trapping the process.
    private static func wholeSteps(_ value: Double) -> Int64 {
        guard value.isFinite else { return value > 0 ? .max : (value < 0 ? .min : 0) }
        return value >= 9.2e18 ? .max : (value <= -9.2e18 ? .min : Int64(value))
    }

    /// Rounds `parts` to whole steps so that they add up to the rounded `total`: each part is rounded
    /// down, then the steps still missing go to the parts that lost most (largest remainder). Equal
    /// remainders favour later parts, so equal full loads keep equal numbers and the last load takes
    /// the difference. Every part stays within one step of its exact value.
    static func apportion(_ parts: [Double], total: Double, _ scale: DisplayScale) -> (total: Int64, parts: [Int64]) {
        let factor = pow10(scale.fractionDigits)
        let totalSteps = steps(total, scale)
        let scaled = parts.map { $0 * factor }
        var rounded = scaled.map { wholeSteps(($0 * (1 + boundaryTolerance)).rounded(.down)) }
        var missing = totalSteps - rounded.reduce(0, +)
        let byRemainder = scaled.indices.sorted { a, b in
            let ra = scaled[a] - Double(rounded[a]), rb = scaled[b] - Double(rounded[b])
            // Remainders that differ only by float noise are equal, so the tie-break decides.
            return abs(ra - rb) > 1e-6 ? ra > rb : a > b
        }
        var cursor = 0
        while missing > 0, !byRemainder.isEmpty {
            rounded[byRemainder[cursor % byRemainder.count]] += 1
            missing -= 1
            cursor += 1
        }
        // Only float noise can overshoot; take it back from the parts that gained least.
        cursor = byRemainder.count - 1
        while missing < 0, !byRemainder.isEmpty {
            let index = byRemainder[(cursor % byRemainder.count + byRemainder.count) % byRemainder.count]
            if rounded[index] > 0 {
                rounded[index] -= 1
                missing += 1
            }
            cursor -= 1
        }
        return (totalSteps, rounded)
    }

    static func pow10(_ digits: Int) -> Double {
        (0..<digits).reduce(1.0) { value, _ in value * 10 }
    }
}
