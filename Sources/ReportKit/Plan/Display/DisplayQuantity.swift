/// A result ready to show: the exact value in its display unit, and the rounded value a person
/// measures out.
public struct DisplayQuantity: Sendable, Equatable {
    /// The value in `scale.unit`, at full precision.
    public let value: Double
    public let scale: DisplayScale
    /// The rounded value, in whole steps of 10^-fractionDigits.
    public let steps: Int64

    public var unit: DisplayUnit { scale.unit }

    /// The rounded value as a number.
    public var rounded: Double { Double(steps) / DisplayRounding.pow10(scale.fractionDigits) }
}
