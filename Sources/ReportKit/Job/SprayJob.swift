import Foundation

/// One spray job: everything a plan and a report are made from, validated and in known units.
///
/// A `SprayJob` is only made by ``JobDecoder`` (or by code that has checked the same rules), so the
/// calculator can trust every number in it.
public struct SprayJob: Sendable, Equatable {
    /// The job's identifier in the app's history, when it came from there.
    public var id: String?
    public var title: String?
    public var locale: ReportLanguage
    public var date: JobDate?
    /// Who the report credits; nil means the template's default credit.
    public var author: String?
    public var field: Field
    public var sprayRate: Quantity<SprayRateUnit>
    public var tank: Tank
    public var waterRule: WaterRule
    public var products: [Product]
    public var record: ApplicationRecord
    /// Which input format the job was read from.
    public var source: InputFormat
    /// Where the job's values are in its input, for error messages.
    public var sourcePaths: JobSourcePaths

    public init(
        id: String? = nil, title: String? = nil, locale: ReportLanguage = .english, date: JobDate? = nil,
        author: String? = nil, field: Field, sprayRate: Quantity<SprayRateUnit>, tank: Tank,
        waterRule: WaterRule = .fillToVolume, products: [Product], record: ApplicationRecord = .init(),
        source: InputFormat = .v1, sourcePaths: JobSourcePaths? = nil
    ) {
        self.id = id
        self.title = title
        self.locale = locale
        self.date = date
        self.author = author
        self.field = field
        self.sprayRate = sprayRate
        self.tank = tank
        self.waterRule = waterRule
        self.products = products
        self.record = record
        self.source = source
        self.sourcePaths = sourcePaths ?? .v1(at: .root, productCount: products.count)
    }
}

/// The languages a report can be written in.
public enum ReportLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case polish = "pl"
}

/// The input formats ReportKit reads.
public enum InputFormat: String, Sendable {
    /// ReportKit's own format, `"version": 1`.
    case v1
    /// The history entries the "Kalkulator Oprysku" app writes.
    case app
}

public struct Field: Sendable, Equatable {
    public var name: String?
    public var crop: String?
    public var area: Quantity<AreaUnit>

    public init(name: String? = nil, crop: String? = nil, area: Quantity<AreaUnit>) {
        self.name = name
        self.crop = crop
        self.area = area
    }
}

public struct Tank: Sendable, Equatable {
    public var capacity: Quantity<TankUnit>
    public var loading: LoadingStrategy

    public init(capacity: Quantity<TankUnit>, loading: LoadingStrategy = .fullThenPartial) {
        self.capacity = capacity
        self.loading = loading
    }
}

/// How the field's spray liquid is divided into tank loads.
public enum LoadingStrategy: String, Sendable, CaseIterable {
    /// As many full tanks as fit, then one partial load for the remaining area.
    case fullThenPartial
    /// The fewest loads that fit the tank, all of the same volume.
    case equal
}

/// How water is measured into a load.
public enum WaterRule: String, Sendable, CaseIterable {
    /// The load volume is the finished mix: water tops the liquid products up to it (the app's rule).
    case fillToVolume
    /// The load volume is water; the products go on top of it.
    case addToCarrier
}

/// A product in the tank mix.
public struct Product: Sendable, Equatable {
    /// The product's name; nil for the app's single unnamed product.
    public var name: String?
    public var rate: Quantity<ProductRateUnit>
    /// The product's registration or authorisation number, for the record.
    public var authorisation: String?

    public init(name: String?, rate: Quantity<ProductRateUnit>, authorisation: String? = nil) {
        self.name = name
        self.rate = rate
        self.authorisation = authorisation
    }

    public var form: ProductForm { rate.unit.form }
}

/// The optional fields a written record of a plant protection application asks for.
public struct ApplicationRecord: Sendable, Equatable {
    public var operatorName: String?
    public var target: String?
    public var growthStage: String?
    public var weather: String?
    public var notes: String?

    public init(operatorName: String? = nil, target: String? = nil, growthStage: String? = nil,
                weather: String? = nil, notes: String? = nil) {
        self.operatorName = operatorName
        self.target = target
        self.growthStage = growthStage
        self.weather = weather
        self.notes = notes
    }

    public var isEmpty: Bool {
        [operatorName, target, growthStage, weather, notes].allSatisfy { $0 == nil }
    }
}
