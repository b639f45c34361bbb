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

    /// The decimals a large unit (L, kg, ha, gal, lb) is shown with: two, or four when a load
    /// needs more for two significant digits (a last load of a few litres: 0.0050 L), never
    /// three: a third decimal reads as a thousands group ("302,800 kg"). An amount that needs
    /// more than four is shown in the small unit instead.
    static let largeUnitDigits = 2
    static let largeUnitFineDigits = 4

    /// The large unit's decimals for a column whose smallest amount is `smallest` (in that
    /// unit), or nil when even four would not show it.
    static func largeUnitFractionDigits(showing smallest: Double) -> Int? {
        let needed = digitsForTwoSignificant(smallest)
        if needed <= largeUnitDigits { return largeUnitDigits }
        return needed <= largeUnitFineDigits ? largeUnitFineDigits : nil
    }

    /// The most decimals a small unit (mL, g, a, fl oz, oz) is shown with.
    static let smallUnitDigits = 3

    /// Decimals that show `value` with two significant digits (none for 10 and above).
    static func digitsForTwoSignificant(_ value: Double) -> Int {
        guard value > 0, value.isFinite else { return 0 }
        return max(0, Int((-log10(value)).rounded(.up)) + 1)
    }

    /// The areas of the loads, in the unit of the typical load (the largest): hectares when it
    /// covers at least 0.1 ha, to 0.01 ha, or to 0.0001 ha when a small last load needs it for
    /// two significant digits (a tiny last load keeps the report's hectares); below that ares
    /// (0.1 a) down to 1 a, then square metres, whole, or with the decimals a last load of less
    /// than 10 m² needs for two significant digits (up to 0.01 m², what the smallest load the
    /// calculator makes covers), so a garden plot's 17 m² is never "0.00 ha"; a field given in
    /// ares or square metres stays in them; acres with the decimals the smallest load needs for
    /// two significant digits (up to five: 0.00025 ac is 1 m²).
    package static func loadArea(_ unit: AreaUnit, smallest: Double, typical: Double? = nil) -> DisplayScale {
        let ares = smallest * DisplayUnit.are.perInternalUnit
        let squareMetres = DisplayScale(.squareMetre, fractionDigits: min(2, digitsForTwoSignificant(smallest * DisplayUnit.squareMetre.perInternalUnit)))
        switch unit {
        case .hectare where (typical ?? smallest) >= 0.1:
            if let digits = largeUnitFractionDigits(showing: smallest * DisplayUnit.hectare.perInternalUnit) { return DisplayScale(.hectare, fractionDigits: digits) }
            return ares >= 1 ? DisplayScale(.are, fractionDigits: 1) : squareMetres
        case .hectare, .are: return ares >= 1 ? DisplayScale(.are, fractionDigits: 1) : squareMetres
        case .squareMetre: return squareMetres
        case .acre:
            let acres = smallest * DisplayUnit.acre.perInternalUnit
            return DisplayScale(.acre, fractionDigits: min(5, max(2, digitsForTwoSignificant(acres))))
        }
    }

    /// A product's one unit and step for the whole report, chosen by the typical load (the
    /// largest amount a person measures into a load, a full load's): litres (kilograms, gallons,
    /// pounds) when it takes at least one, to 0.01, or to 0.0001 when a small last load needs it
    /// for two significant digits (a last load of 5 L keeps the report's litres: 0.0050 L);
    /// otherwise, or when even that would not show the smallest, millilitres (grams, fluid ounces,
    /// ounces), whole (metric) or to 0.1 (US), with the decimals the smallest amount needs for
    /// two significant digits, up to three: a garden plot's 0.3 mL is 0.30 mL, never 0.
    package static func product(_ form: ProductForm, _ system: UnitSystem, smallest: Double, largest: Double) -> DisplayScale {
        let (large, small): (DisplayUnit, DisplayUnit) = switch (form, system) {
        case (.liquid, .metric): (.litre, .millilitre)
        case (.dry, .metric): (.kilogram, .gram)
        case (.liquid, .usCustomary): (.usGallon, .usFluidOunce)
        case (.dry, .usCustomary): (.pound, .ounce)
        }
        if largest * large.perInternalUnit >= 1, let digits = largeUnitFractionDigits(showing: smallest * large.perInternalUnit) {
            return DisplayScale(large, fractionDigits: digits)
        }
        let least = system == .metric ? 0 : 1
        let needed = digitsForTwoSignificant(smallest * small.perInternalUnit)
        return DisplayScale(small, fractionDigits: min(smallUnitDigits, max(least, needed)))
    }
}
