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

    /// The most decimals a large unit (L, kg, ha, gal, lb) is shown with: a third decimal of a
    /// kilogram reads as a thousands group ("302,800 kg"); an amount that needs it is shown in
    /// the small unit instead.
    static let largeUnitDigits = 2
    /// The most decimals a small unit (mL, g, a, fl oz, oz) is shown with.
    static let smallUnitDigits = 3

    /// Decimals that show `value` with two significant digits (none for 10 and above).
    static func digitsForTwoSignificant(_ value: Double) -> Int {
        guard value > 0, value.isFinite else { return 0 }
        return max(0, Int((-log10(value)).rounded(.up)) + 1)
    }

    /// The areas of the loads, from the smallest: hectares (0.01 ha) down to a load of 0.1 ha,
    /// then ares (0.1 a) down to 1 a, then square metres, whole, or with the decimals a last load
    /// of less than 10 m² needs for two significant digits (up to 0.01 m², what the smallest load
    /// the calculator makes covers), so a garden plot's 17 m² is never "0.00 ha"; a field given in
    /// ares or square metres stays in them; acres with the decimals the smallest load needs for
    /// two significant digits (up to five: 0.00025 ac is 1 m²).
    package static func loadArea(_ unit: AreaUnit, smallest: Double) -> DisplayScale {
        let ares = smallest * DisplayUnit.are.perInternalUnit
        let squareMetres = DisplayScale(.squareMetre, fractionDigits: min(2, digitsForTwoSignificant(smallest * DisplayUnit.squareMetre.perInternalUnit)))
        switch unit {
        case .hectare where smallest >= 0.1: return DisplayScale(.hectare, fractionDigits: 2)
        case .hectare, .are: return ares >= 1 ? DisplayScale(.are, fractionDigits: 1) : squareMetres
        case .squareMetre: return squareMetres
        case .acre:
            let acres = smallest * DisplayUnit.acre.perInternalUnit
            return DisplayScale(.acre, fractionDigits: min(5, max(2, digitsForTwoSignificant(acres))))
        }
    }

    /// A product's one unit and step for the whole report, from the amounts a person measures
    /// into a load: litres (kilograms, gallons, pounds) to 0.01 when the largest load takes at
    /// least one and the smallest at least 0.1 of it; otherwise millilitres (grams, fluid ounces,
    /// ounces), whole (metric) or to 0.1 (US), with the decimals the smallest amount needs for
    /// two significant digits, up to three: a garden plot's 0.3 mL is 0.30 mL, never 0.
    package static func product(_ form: ProductForm, _ system: UnitSystem, smallest: Double, largest: Double) -> DisplayScale {
        let (large, small): (DisplayUnit, DisplayUnit) = switch (form, system) {
        case (.liquid, .metric): (.litre, .millilitre)
        case (.dry, .metric): (.kilogram, .gram)
        case (.liquid, .usCustomary): (.usGallon, .usFluidOunce)
        case (.dry, .usCustomary): (.pound, .ounce)
        }
        if largest * large.perInternalUnit >= 1,
           digitsForTwoSignificant(smallest * large.perInternalUnit) <= largeUnitDigits {
            return DisplayScale(large, fractionDigits: largeUnitDigits)
        }
        let least = system == .metric ? 0 : 1
        let needed = digitsForTwoSignificant(smallest * small.perInternalUnit)
        return DisplayScale(small, fractionDigits: min(smallUnitDigits, max(least, needed)))
    }
}
