/// Every conversion constant ReportKit uses, in one place.
///
/// Sources, all exact by definition:
/// - NIST Handbook 44 (2024 edition), Appendix C, "General Tables of Units of Measurement".
/// - NIST Special Publication 811 (2008), Appendix B.8 "Factors for units listed alphabetically".
/// - The international yard and pound agreement of 1959 (1 yd = 0.9144 m, 1 lb = 0.45359237 kg).
///
/// US units are the US customary liquid measures (not imperial); the acre is the international acre
/// (the US survey acre differs by 2 parts per million, far below anything measurable in a field).
package enum UnitConversion {
    /// 1 ha = 10,000 m² (SI brochure, 9th edition, table 8).
    package static let squareMetresPerHectare = 10_000.0
    /// 1 a = 100 m².
    package static let squareMetresPerAre = 100.0
    /// 1 acre = 4,840 yd² = 4,046.856 422 4 m² (NIST HB 44, C-8).
    package static let squareMetresPerAcre = 4_046.856_422_4
    /// 1 US gallon = 231 in³ = 3.785 411 784 L (NIST HB 44, C-9).
    package static let litresPerUSGallon = 3.785_411_784
    /// 1 US quart = 1/4 US gallon.
    package static let litresPerUSQuart = litresPerUSGallon / 4
    /// 1 US pint = 1/8 US gallon.
    package static let litresPerUSPint = litresPerUSGallon / 8
    /// 1 US fluid ounce = 1/128 US gallon = 29.573 529 562 5 mL.
    package static let litresPerUSFluidOunce = litresPerUSGallon / 128
    /// 1 lb (avoirdupois) = 0.453 592 37 kg (1959 agreement).
    package static let kilogramsPerPound = 0.453_592_37
    /// 1 oz (avoirdupois) = 1/16 lb = 28.349 523 125 g.
    package static let kilogramsPerOunce = kilogramsPerPound / 16

    package static let hectaresPerAcre = squareMetresPerAcre / squareMetresPerHectare
}
