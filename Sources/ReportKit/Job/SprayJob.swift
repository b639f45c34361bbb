import FoundationEssentials
import Glibc

/// One spray job: everything a plan and a report are made from, validated and in known units.
///
/// A `SprayJob` is only made by ``JobDecoder`` (or by code that has checked the same rules), so the
/// calculator can trust every number in it.
public struct SprayJob: Sendable, Equatable {
    /// The job's identifier in the app's history, when it came from there.
    public var id: String?
    public var title: String?
    public var locale: ReportLanguage
    /// Whether the input stated the locale (else English was taken, and a user's default
    /// language, ``ReportOptions/defaultLanguage``, may stand in for it).
    public var localeIsStated = true
    /// When the application started.
    public var date: JobDate?
    /// When it ended, for the record.
    public var endDate: JobDate?
    /// The time zone the job's UTC times are shown in (`timeZone`, `--time-zone`, or Europe/Warsaw
    /// for a Polish job); nil when none applies and UTC times are shown as UTC.
    public var timeZone: String?
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
    package var sourcePaths: JobSourcePaths

    package init(
        id: String? = nil, title: String? = nil, locale: ReportLanguage = .english, date: JobDate? = nil,
        author: String? = nil, field: Field, sprayRate: Quantity<SprayRateUnit>, tank: Tank,
        waterRule: WaterRule = .fillToVolume, products: [Product], record: ApplicationRecord = .init(),
        source: InputFormat = .v1, sourcePaths: JobSourcePaths? = nil, endDate: JobDate? = nil
    ) {
        self.endDate = endDate
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
    case german = "de"
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
    /// The treated area.
    public var area: Quantity<AreaUnit>
    /// The crop as its EPPO code (`TRZAW`), which the EU record asks for beside its name.
    public var cropCode: String?
    /// The area of the crop when only part of it was treated.
    public var cropArea: Quantity<AreaUnit>?
    /// The parcels treated: the land units of the IACS aid application, with their cadastral
    /// parcel numbers.
    public var parcels: [Parcel]

    public init(name: String? = nil, crop: String? = nil, area: Quantity<AreaUnit>, cropCode: String? = nil,
                cropArea: Quantity<AreaUnit>? = nil, parcels: [Parcel] = []) {
        self.name = name
        self.crop = crop
        self.area = area
        self.cropCode = cropCode
        self.cropArea = cropArea
        self.parcels = parcels
    }
}

/// A parcel of the holding: its label in the IACS aid application ("A") and the cadastral parcel
/// numbers it lies on ("0212/3").
/// A parcel treated, named as the record's location asks (Implementing Regulation (EU) 2023/564,
/// Annex): the land unit of the IACS aid application (its `label`), Germany's FLIK, the cadastral
/// numbers Poland's register asks for, or, where there is none of these, a point in WGS 84.
public struct Parcel: Sendable, Equatable {
    /// The parcel's label (its reference) in the IACS aid application (GSAA).
    public var label: String?
    public var cadastral: [String]
    /// The area treated on this parcel, when given; the parcels' areas add up to the field's.
    public var area: Quantity<AreaUnit>?
    /// The German field block or parcel identifier (Flächenidentifikator, `DEBBLI0260100301`;
    /// Bavaria's FID has the same form).
    public var flik: String?
    /// A point of the parcel in WGS 84, decimal degrees north and east: the location where the
    /// parcel has no IACS reference (a greenhouse, a non-crop area). Both or neither.
    public var latitude: Double?
    public var longitude: Double?

    public init(label: String?, cadastral: [String] = [], area: Quantity<AreaUnit>? = nil, flik: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil) {
        self.label = label
        self.cadastral = cadastral
        self.area = area
        self.flik = flik
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether it names a place at all: a label, a cadastral number, a FLIK or a point.
    var namesAPlace: Bool { label != nil || !cadastral.isEmpty || flik != nil || latitude != nil }
}

/// A growth stage on the BBCH scale (0–99), or a range of them.
public struct BBCHStage: Sendable, Equatable {
    public var from: Int
    public var to: Int

    public init(_ from: Int, to: Int? = nil) {
        self.from = from
        self.to = to ?? from
    }

    /// "31" or "31–37".
    public var text: String { from == to ? "\(from)" : "\(from)–\(to)" }

    /// The stage a text names, "BBCH 31" or "BBCH 31-37" (as the app's free text often does); nil
    /// when it names none.
    public static func named(in text: String) -> BBCHStage? {
        let words = text.uppercased()
        guard let range = words.firstRange(of: "BBCH") else { return nil }
        let digits = words[range.upperBound...].drop { $0 == " " || $0 == ":" }
        let first = digits.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(first.count), let from = Int(first) else { return nil }
        let rest = digits.dropFirst(first.count).drop { $0 == " " }
        if let dash = rest.first, dash == "-" || dash == "–" {
            let second = rest.dropFirst().drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
            if (1...2).contains(second.count), let to = Int(second) {
                // "BBCH 31–29" runs backwards: neither end can be trusted to be the stage meant.
                return to >= from ? BBCHStage(from, to: to) : nil
            }
        }
        return BBCHStage(from)
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
    /// What the product is: only a plant protection product needs an authorisation number.
    public var kind: ProductKind
    /// The active ingredients, as the label names them (the US Worker Protection Standard's
    /// application information asks for them).
    public var activeIngredients: [String] = []
    /// The label's restricted-entry interval, in hours: how long workers stay out of the treated area.
    public var restrictedEntryHours: Double?
    /// The label's pre-harvest interval for the job's crop, in days: the earliest harvest is this
    /// many days after the application's last day (given, or filled from a ``ProductCatalogue``).
    public var preHarvestIntervalDays: Int?
    /// False when the input left `kind` out, so that a catalogue may say what the product is.
    public var kindIsStated = true

    public init(name: String?, rate: Quantity<ProductRateUnit>, authorisation: String? = nil, kind: ProductKind = .plantProtection) {
        self.name = name
        self.rate = rate
        self.authorisation = authorisation
        self.kind = kind
    }

    public var form: ProductForm { rate.unit.form }
}

/// What a product of a tank mix is. The record of Regulation (EU) 2023/564 and Poland's register
/// are of plant protection products; an adjuvant, a foliar fertiliser or a biostimulant mixed in
/// is recorded as such (the Polish register's remarks: "fertiliser in the mix"), with no
/// authorisation number to ask for.
public enum ProductKind: String, Sendable, CaseIterable {
    case plantProtection
    case adjuvant
    case fertiliser
    case biostimulant
    case other
}

/// The optional fields a written record of a plant protection application asks for
/// (docs/input-format.md; Regulation (EU) 2023/564, Annex; Poland's art. 35; the US Worker
/// Protection Standard, 40 CFR 170.309(h)).
public struct ApplicationRecord: Sendable, Equatable {
    public var operatorName: String?
    /// The reason for the treatment, in words (the pest, disease or weeds).
    public var target: String?
    public var growthStage: String?
    public var weather: String?
    public var notes: String?
    /// The EPPO codes of what was treated against, beside `target`.
    public var targetCodes: [String]
    /// The growth stage on the BBCH scale: given, or read from a `growthStage` like "BBCH 31".
    public var bbch: BBCHStage?
    /// The applicator's certificate or licence number.
    public var operatorLicence: String?
    /// The holding's identifier (the producer number of the paying agency).
    public var holding: String?
    /// The sprayer and its nozzles.
    public var equipment: String?
    /// When the application was recorded: set by whoever confirms that the spraying was done
    /// (never the calculation's time, nor the clock). Not before the application's end.
    public var recordedAt: JobDate?
    /// The day harvest is planned, when known: checked against the products' pre-harvest intervals.
    public var plannedHarvest: JobDate?

    public init(operatorName: String? = nil, target: String? = nil, growthStage: String? = nil,
                weather: String? = nil, notes: String? = nil, targetCodes: [String] = [], bbch: BBCHStage? = nil,
                operatorLicence: String? = nil, holding: String? = nil, equipment: String? = nil) {
        self.operatorName = operatorName
        self.target = target
        self.growthStage = growthStage
        self.weather = weather
        self.notes = notes
        self.targetCodes = targetCodes
        self.bbch = bbch
        self.operatorLicence = operatorLicence
        self.holding = holding
        self.equipment = equipment
    }

    public var isEmpty: Bool {
        [operatorName, target, growthStage, weather, notes, operatorLicence, holding, equipment].allSatisfy { $0 == nil }
            && targetCodes.isEmpty && bbch == nil && recordedAt == nil
    }
}

extension SprayJob {
    /// True for a job given in US units (its area in acres, or its spray volume in gal/ac):
    /// its report is printed on US Letter unless a template or `--paper` says otherwise.
    public var usesUSUnits: Bool {
        field.area.unit == .acre || sprayRate.unit.system == .usCustomary
    }

    /// When the application ended, as the report, the register and the record show it: on the
    /// start's clock, so that it never reads before the start ("07:30–06:00" for an end written at
    /// +00:00 on a Polish job), unless its offset is the one the job's time zone had at that
    /// moment (across the change to summer time the end keeps the hour it was lived in).
    public var endDateAsShown: JobDate? {
        guard let end = endDate else { return nil }
        guard let start = date, !start.isUTC, end.hasTime, end.utcOffsetSeconds != start.utcOffsetSeconds || end.isUTC else { return end }
        if !end.isUTC, let zone = timeZone.flatMap({ TimeZoneRules.named($0) }), zone.offset(at: end.instant) == end.utcOffsetSeconds {
            return end
        }
        return JobDate(instant: end.instant, utcOffsetSeconds: start.utcOffsetSeconds, hasTime: end.hasTime)
    }
}
