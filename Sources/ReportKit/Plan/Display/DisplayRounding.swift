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

    /// `value` in steps of 10^-fractionDigits with no boundary tolerance: for a value as entered,
    /// which is already the decimal it shows.
    static func exactSteps(_ value: Double, fractionDigits: Int) -> Int64 {
        wholeSteps((value * pow10(fractionDigits)).rounded(.toNearestOrAwayFromZero))
    }

    /// A whole number of steps as an integer. Validated jobs stay far inside Int64; the clamp
    /// keeps a value that is not (a library caller's own) from trapping the process.
    private static func wholeSteps(_ value: Double) -> Int64 {
        guard value.isFinite else { return value > 0 ? .max : (value < 0 ? .min : 0) }
        return value >= 9.2e18 ? .max : (value <= -9.2e18 ? .min : Int64(value))
    }

    static func pow10(_ digits: Int) -> Double {
        (0..<digits).reduce(1.0) { value, _ in value * 10 }
    }
}
