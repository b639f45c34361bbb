#if canImport(Glibc)
import Glibc
#endif

/// A unit a result is shown in.
package enum DisplayUnit: String, Sendable, CaseIterable {
    case litre = "L"
    case millilitre = "mL"
    case usGallon = "gal"
    case usFluidOunce = "fl oz"
    case kilogram = "kg"
    case gram = "g"
    case pound = "lb"
    case ounce = "oz"
    case hectare = "ha"
    case are = "a"
    case squareMetre = "m2"
    case acre = "ac"

    /// How many of this unit make one internal unit (litre, kilogram or hectare).
    package var perInternalUnit: Double {
        let c = UnitConversion.self
        return switch self {
        case .litre, .kilogram, .hectare: 1
        case .millilitre, .gram: 1_000
        case .usGallon: 1 / c.litresPerUSGallon
        case .usFluidOunce: 1 / c.litresPerUSFluidOunce
        case .pound: 1 / c.kilogramsPerPound
        case .ounce: 1 / c.kilogramsPerOunce
        case .are: 1 / AreaUnit.are.toInternal
        case .squareMetre: 1 / AreaUnit.squareMetre.toInternal
        case .acre: 1 / c.hectaresPerAcre
        }
    }
}

/// How a column of numbers is shown: one unit and one step for every value in it, so the values
/// can be compared and added by eye.
package struct DisplayScale: Sendable, Equatable {
    package let unit: DisplayUnit
    /// Decimal places kept; the smallest step shown is 10^-fractionDigits of the unit.
    package let fractionDigits: Int

    package init(_ unit: DisplayUnit, fractionDigits: Int) {
        self.unit = unit
        self.fractionDigits = fractionDigits
    }

    /// Areas in the unit the field was given in: 0.01 ha, 0.1 a, 1 m², 0.01 ac.
    package static func area(_ unit: AreaUnit) -> DisplayScale {
        switch unit {
        case .hectare: DisplayScale(.hectare, fractionDigits: 2)
        case .are: DisplayScale(.are, fractionDigits: 1)
        case .squareMetre: DisplayScale(.squareMetre, fractionDigits: 0)
        case .acre: DisplayScale(.acre, fractionDigits: 2)
        }
    }

    /// Water and load volumes: 0.01 L or 0.01 gal.
    package static func volume(_ system: UnitSystem) -> DisplayScale {
        system == .metric ? DisplayScale(.litre, fractionDigits: 2) : DisplayScale(.usGallon, fractionDigits: 2)
    }

    /// Product amounts, chosen from the largest amount in the column so a person can measure it:
    /// litres to 0.01 L and kilograms to 0.001 kg; below 1 L or 1 kg, whole mL or g (0.1 below 10);
    /// US: gallons or pounds to 0.01, below one, fluid ounces or ounces to 0.1.
    /// The same, with at least two significant digits for `smallest` (the smallest amount of the
    /// column, in litres or kilograms) up to a thousandth of the unit: a garden plot's 0.3 mL is
    /// shown as 0.30 mL, never as 0.
    package static func product(_ form: ProductForm, _ system: UnitSystem, smallest: Double, largest: Double) -> DisplayScale {
        let base = product(form, system, largest: largest)
        let shown = smallest * base.unit.perInternalUnit
        guard shown > 0, shown.isFinite else { return base }
        let needed = Int((-log10(shown)).rounded(.up)) + 1
        return DisplayScale(base.unit, fractionDigits: min(3, max(base.fractionDigits, needed)))
    }

    package static func product(_ form: ProductForm, _ system: UnitSystem, largest: Double) -> DisplayScale {
        switch (form, system) {
        case (.liquid, .metric):
            largest >= 1 ? DisplayScale(.litre, fractionDigits: 2)
                : DisplayScale(.millilitre, fractionDigits: largest * 1_000 >= 10 ? 0 : 1)
        case (.dry, .metric):
            largest >= 1 ? DisplayScale(.kilogram, fractionDigits: 3)
                : DisplayScale(.gram, fractionDigits: largest * 1_000 >= 10 ? 0 : 1)
        case (.liquid, .usCustomary):
            largest * DisplayUnit.usGallon.perInternalUnit >= 1 ? DisplayScale(.usGallon, fractionDigits: 2)
                : DisplayScale(.usFluidOunce, fractionDigits: 1)
        case (.dry, .usCustomary):
            largest * DisplayUnit.pound.perInternalUnit >= 1 ? DisplayScale(.pound, fractionDigits: 2)
                : DisplayScale(.ounce, fractionDigits: 1)
        }
    }
}
