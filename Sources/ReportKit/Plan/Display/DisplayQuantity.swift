/// A result ready to show: the exact value in its display unit, and the rounded value a person
/// measures out.
package struct DisplayQuantity: Sendable, Equatable {
    /// The value in `scale.unit`, at full precision.
    package let value: Double
    package let scale: DisplayScale
    /// The rounded value, in whole steps of 10^-fractionDigits.
    package let steps: Int64

    package var unit: DisplayUnit { scale.unit }

    /// The rounded value as a number.
    package var rounded: Double { Double(steps) / DisplayRounding.pow10(scale.fractionDigits) }
}
