/// Which family of units a quantity was given in; results are shown in the same family.
package enum UnitSystem: String, Sendable, Equatable {
    case metric
    case usCustomary
}

/// Whether a product is measured by volume or by mass. It decides whether the product takes up
/// room in the tank (liquids displace water under the fill-to-volume rule; dry products never do).
public enum ProductForm: String, Sendable, Equatable {
    case liquid
    case dry
}

/// A unit that can be read from an input file and converted to ReportKit's internal unit.
public protocol InputUnit: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// What the unit measures, for error messages ("area unit").
    static var kindName: String { get }
    /// Other spellings accepted for the same unit (for example `m²` for `m2`).
    var aliases: [String] { get }
    /// How many internal units one of this unit is.
    var toInternal: Double { get }
}

extension InputUnit {
    public var aliases: [String] { [] }

    /// The unit named `text`, by its symbol or an alias, exactly as written.
    public init?(symbol text: String) {
        guard let unit = Self.allCases.first(where: { $0.rawValue == text || $0.aliases.contains(text) }) else {
            return nil
        }
        self = unit
    }

    /// The symbols accepted in input, for error messages.
    public static var acceptedSymbols: [String] { allCases.flatMap { [$0.rawValue] + $0.aliases } }
}

/// Names the kind of unit a symbol belongs to, so that a unit of the wrong dimension for its
/// field ("kg/ha" as a tank capacity) is explained rather than called unknown.
package enum UnitKinds {
    public static func kindName(of symbol: String) -> String? {
        if AreaUnit(symbol: symbol) != nil { return AreaUnit.kindName }
        if TankUnit(symbol: symbol) != nil { return TankUnit.kindName }
        if ProductRateUnit(symbol: symbol) != nil { return ProductRateUnit.kindName }
        if SprayRateUnit(symbol: symbol) != nil { return SprayRateUnit.kindName }
        return nil
    }
}

/// A value with the unit it was given in. The internal value (hectares, litres, kilograms, or a
/// rate built from them) is derived, so the original is never lost for the record.
public struct Quantity<Unit: InputUnit>: Sendable, Hashable {
    public let value: Double
    public let unit: Unit

    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The value in ReportKit's internal unit for this kind of quantity.
    public var internalValue: Double { value * unit.toInternal }
}

/// Field area. Internal unit: hectare.
public enum AreaUnit: String, InputUnit {
    case hectare = "ha"
    case are = "a"
    case squareMetre = "m2"
    case acre = "ac"

    public static let kindName = "area unit"

    public var aliases: [String] { self == .squareMetre ? ["m²"] : [] }

    public var toInternal: Double {
        switch self {
        case .hectare: 1
        case .are: UnitConversion.squareMetresPerAre / UnitConversion.squareMetresPerHectare
        case .squareMetre: 1 / UnitConversion.squareMetresPerHectare
        case .acre: UnitConversion.hectaresPerAcre
        }
    }

    package var system: UnitSystem { self == .acre ? .usCustomary : .metric }
}

/// Spray (carrier) volume rate. Internal unit: litres per hectare.
public enum SprayRateUnit: String, InputUnit {
    case litresPerHectare = "L/ha"
    case gallonsPerAcre = "gal/ac"

    public static let kindName = "spray volume unit"

    public var toInternal: Double {
        switch self {
        case .litresPerHectare: 1
        case .gallonsPerAcre: UnitConversion.litresPerUSGallon / UnitConversion.hectaresPerAcre
        }
    }

    package var system: UnitSystem { self == .gallonsPerAcre ? .usCustomary : .metric }
}

/// Tank capacity. Internal unit: litre.
public enum TankUnit: String, InputUnit {
    case litre = "L"
    case gallon = "gal"

    public static let kindName = "tank volume unit"

    public var toInternal: Double { self == .gallon ? UnitConversion.litresPerUSGallon : 1 }

    package var system: UnitSystem { self == .gallon ? .usCustomary : .metric }
}

/// What a product rate is relative to.
package enum RateBasis: String, Sendable, Equatable {
    /// An amount per unit of field area (L/ha, lb/ac).
    case perArea
    /// A concentration in the spray liquid (L/100 L, %).
    case perSprayLiquid
}

/// A product's application rate unit. Internal units: L/ha or kg/ha for per-area rates; litres
/// or kilograms per litre of spray liquid for concentrations.
public enum ProductRateUnit: String, InputUnit {
    case litresPerHectare = "L/ha"
    case millilitresPerHectare = "mL/ha"
    case kilogramsPerHectare = "kg/ha"
    case gramsPerHectare = "g/ha"
    case gallonsPerAcre = "gal/ac"
    case quartsPerAcre = "qt/ac"
    case pintsPerAcre = "pt/ac"
    case fluidOuncesPerAcre = "fl oz/ac"
    case poundsPerAcre = "lb/ac"
    case ouncesPerAcre = "oz/ac"
    case litresPer100Litres = "L/100 L"
    case millilitresPer100Litres = "mL/100 L"
    case kilogramsPer100Litres = "kg/100 L"
    case gramsPer100Litres = "g/100 L"
    case fluidOuncesPer100Gallons = "fl oz/100 gal"
    case poundsPer100Gallons = "lb/100 gal"
    /// Percent by volume of the spray liquid; liquid products only.
    case percentByVolume = "%"

    public static let kindName = "product rate unit"

    public var form: ProductForm {
        switch self {
        case .kilogramsPerHectare, .gramsPerHectare, .poundsPerAcre, .ouncesPerAcre,
             .kilogramsPer100Litres, .gramsPer100Litres, .poundsPer100Gallons:
            .dry
        default:
            .liquid
        }
    }

    package var basis: RateBasis {
        switch self {
        case .litresPer100Litres, .millilitresPer100Litres, .kilogramsPer100Litres, .gramsPer100Litres,
             .fluidOuncesPer100Gallons, .poundsPer100Gallons, .percentByVolume:
            .perSprayLiquid
        default:
            .perArea
        }
    }

    /// The unit family of the amount; nil for `%`, which takes the tank's.
    package var system: UnitSystem? {
        switch self {
        case .gallonsPerAcre, .quartsPerAcre, .pintsPerAcre, .fluidOuncesPerAcre, .poundsPerAcre, .ouncesPerAcre,
             .fluidOuncesPer100Gallons, .poundsPer100Gallons:
            .usCustomary
        case .percentByVolume:
            nil
        default:
            .metric
        }
    }

    public var toInternal: Double {
        let c = UnitConversion.self
        return switch self {
        case .litresPerHectare, .kilogramsPerHectare: 1
        case .millilitresPerHectare, .gramsPerHectare: 0.001
        case .gallonsPerAcre: c.litresPerUSGallon / c.hectaresPerAcre
        case .quartsPerAcre: c.litresPerUSQuart / c.hectaresPerAcre
        case .pintsPerAcre: c.litresPerUSPint / c.hectaresPerAcre
        case .fluidOuncesPerAcre: c.litresPerUSFluidOunce / c.hectaresPerAcre
        case .poundsPerAcre: c.kilogramsPerPound / c.hectaresPerAcre
        case .ouncesPerAcre: c.kilogramsPerOunce / c.hectaresPerAcre
        case .litresPer100Litres, .kilogramsPer100Litres, .percentByVolume: 0.01
        case .millilitresPer100Litres, .gramsPer100Litres: 0.000_01
        case .fluidOuncesPer100Gallons: c.litresPerUSFluidOunce / (100 * c.litresPerUSGallon)
        case .poundsPer100Gallons: c.kilogramsPerPound / (100 * c.litresPerUSGallon)
        }
    }
}
