import FoundationEssentials
import Glibc

/// One line of the legal record of an application (Regulation (EU) 2023/564, Annex; Poland's
/// register; the US Worker Protection Standard, 40 CFR 170.309(h)): one per product of a job, the job's own facts repeated on each line
/// (docs/record-format.md). Made from the plan, beside the document: nothing is typed twice.
package struct RecordLine: Sendable, Equatable {
    /// An amount in a unit named by its symbol (`3.75 gal`).
    package struct Amount: Sendable, Equatable {
        public var value: Double
        public var unit: String
    }

    public var jobID: String?
    /// The line's number within its job, from 1 (the product's place in the tank mix).
    public var line: Int
    /// Local date and times as written in the job, with their UTC offset (`+02:00`).
    public var date: String?
    public var startTime: String?
    public var endDate: String?
    public var endTime: String?
    public var utcOffset: String?
    /// The end's own offset: across a change to summer time it differs from the start's.
    public var endUtcOffset: String?
    /// The time zone the job's UTC times were placed in (`Europe/Warsaw`), when one was.
    public var timeZone: String?
    public var holding: String?
    public var parcels: [Parcel]
    public var field: String?
    public var crop: String?
    public var cropCode: String?
    /// Hectares.
    public var croppedArea: Double?
    public var treatedArea: Double
    /// The areas as entered, in their own units (`38500 m2`).
    public var croppedAreaAsEntered: Quantity<AreaUnit>?
    public var treatedAreaAsEntered: Quantity<AreaUnit>
    public var bbch: BBCHStage?
    /// The reason for the treatment, in words and as EPPO codes.
    public var reason: String?
    public var reasonCodes: [String]
    /// The product's name; nil for the app's single unnamed product (the record check says so).
    public var product: String?
    public var authorisation: String?
    public var productKind: ProductKind
    public var activeIngredients: [String]
    /// The label's restricted-entry interval, hours.
    public var restrictedEntryHours: Double?
    /// The label's pre-harvest interval on the crop, days, and the first day of harvest it allows
    /// after this application (`YYYY-MM-DD`, the application's last day plus the interval).
    public var preHarvestIntervalDays: Int?
    public var earliestHarvest: String?
    /// The dose as the job gives it (1.5 L/ha, 0.1 %, 300 mL/100 L).
    public var dose: Double
    public var doseUnit: String
    /// The same dose per hectare: L/ha for a liquid, kg/ha for a dry product.
    public var dosePerHectare: Double
    public var dosePerHectareUnit: String
    /// All of the product used on the job: L or kg.
    public var totalProduct: Double
    public var totalProductUnit: String
    /// For a product given in US units, the same total in the label's: gal or lb.
    public var totalProductLabelUnits: Amount?
    /// L/ha.
    public var sprayVolume: Double
    public var operatorName: String?
    public var operatorLicence: String?
    public var equipment: String?
    public var weather: String?
    public var notes: String?
    /// When the application was recorded (RFC 3339 with its offset), as the job's `recordedAt`
    /// gives it; nil when it does not. Never the calculation's time, nor the clock.
    public var recordedAt: String?
    /// The instant the application started, for the register's order (``RegisterOrder``).
    var startInstant: Date? = nil
    /// Whether the job is in US units: its products are totalled in gal and lb.
    var jobUsesUSUnits = false

    /// The lines of a planned job, one per product.
    public static func lines(of plan: SprayPlan) -> [RecordLine] {
        let job = plan.job
        let area = job.field.area.internalValue
        let (date, startTime, offset) = parts(of: job.date)
        let (endDate, endTime, endOffset) = parts(of: job.endDateAsShown)
        return job.products.enumerated().map { index, product in
            let total = index < plan.totals.products.count ? plan.totals.products[index] : 0
            let liquid = product.form == .liquid
            return RecordLine(
                jobID: job.id, line: index + 1, date: date, startTime: startTime, endDate: endDate, endTime: endTime, utcOffset: offset,
                endUtcOffset: endOffset, timeZone: job.timeZone,
                holding: job.record.holding, parcels: job.field.parcels, field: job.field.name, crop: job.field.crop,
                cropCode: job.field.cropCode, croppedArea: job.field.cropArea?.internalValue, treatedArea: area,
                croppedAreaAsEntered: job.field.cropArea, treatedAreaAsEntered: job.field.area,
                bbch: job.record.bbch, reason: job.record.target, reasonCodes: job.record.targetCodes,
                product: product.name, authorisation: product.authorisation, productKind: product.kind,
                activeIngredients: product.activeIngredients, restrictedEntryHours: product.restrictedEntryHours,
                preHarvestIntervalDays: product.preHarvestIntervalDays,
                earliestHarvest: product.preHarvestIntervalDays.flatMap { days in
                    (job.endDateAsShown ?? job.date).map { CivilTime(EarliestHarvest.day(after: $0, days: days).instant).isoDate }
                },
                dose: product.rate.value, doseUnit: product.rate.unit.rawValue,
                dosePerHectare: area > 0 ? total / area : 0, dosePerHectareUnit: liquid ? "L/ha" : "kg/ha",
                totalProduct: total, totalProductUnit: liquid ? "L" : "kg",
                totalProductLabelUnits: product.rate.unit.system == .usCustomary
                    ? (liquid ? Amount(value: total * DisplayUnit.usGallon.perInternalUnit, unit: "gal")
                              : Amount(value: total * DisplayUnit.pound.perInternalUnit, unit: "lb")) : nil,
                sprayVolume: job.sprayRate.internalValue,
                operatorName: job.record.operatorName, operatorLicence: job.record.operatorLicence, equipment: job.record.equipment,
                weather: job.record.weather, notes: job.record.notes,
                recordedAt: job.record.recordedAt.map(rfc3339), startInstant: job.date?.instant, jobUsesUSUnits: job.usesUSUnits)
        }
    }

    /// `2026-04-14`, `07:30:00` (nil without a time) and `+02:00`, as the job wrote them.
    private static func parts(of date: JobDate?) -> (String?, String?, String?) {
        guard let date else { return (nil, nil, nil) }
        let local = CivilTime(date.instant, offsetSeconds: date.utcOffsetSeconds)
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        let time = date.hasTime ? "\(two(local.hour)):\(two(local.minute)):\(two(local.second))" : nil
        let minutes = abs(date.utcOffsetSeconds) / 60
        let offset = date.hasTime ? "\(date.utcOffsetSeconds < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))" : nil
        return (local.isoDate, time, offset)
    }

    /// `2026-04-14T18:00:00+02:00`, on the date's own clock.
    private static func rfc3339(_ date: JobDate) -> String {
        let (day, time, offset) = parts(of: date)
        return "\(day ?? "")T\(time ?? "00:00:00")\(offset ?? "+00:00")"
    }
}

extension RecordLine {
    /// The line's total in the units its row is read in: the label's (gal or lb) for a product
    /// given in US units, gal or lb too for any product of a job in US units (a crop oil at 1 %
    /// in a 15 gal/ac job), else L or kg.
    func totalInRowUnits(usUnits: Bool) -> Amount {
        if let label = totalProductLabelUnits { return label }
        guard usUnits else { return Amount(value: totalProduct, unit: totalProductUnit) }
        return totalProductUnit == "L" ? Amount(value: totalProduct * DisplayUnit.usGallon.perInternalUnit, unit: "gal")
                                       : Amount(value: totalProduct * DisplayUnit.pound.perInternalUnit, unit: "lb")
    }
}

extension String {
    /// Nil for an empty string: a record's optional text joined from parts that may all be absent.
    var nonEmpty: String? { isEmpty ? nil : self }
}
