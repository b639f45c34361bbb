import FoundationEssentials

/// What a person added to one job of a history to complete its record: the facts the app's
/// export has no fields for (the field, the crop, the products' names and authorisations, the
/// target, the growth stage, the end time). The drop page asks for them job by job. Like
/// ``RecordFillIn``, an answer fills only what the job leaves out (its own value always wins),
/// and the filled job is held to the same rules as one that stated them.
public struct JobAnswers: Sendable, Equatable {
    /// One product's answers, by the product's place in the job.
    public struct ProductAnswers: Sendable, Equatable {
        public var name: String?
        public var authorisation: String?
        public var activeIngredients: [String]
        /// The restricted-entry interval from the label, in hours (the US record).
        public var restrictedEntryHours: Double?

        public init(name: String? = nil, authorisation: String? = nil, activeIngredients: [String] = [], restrictedEntryHours: Double? = nil) {
            self.name = name
            self.authorisation = authorisation
            self.activeIngredients = activeIngredients
            self.restrictedEntryHours = restrictedEntryHours
        }

        var isEmpty: Bool { name == nil && authorisation == nil && activeIngredients.isEmpty && restrictedEntryHours == nil }

        /// These answers, with `earlier`'s where they give none.
        public func merged(over earlier: ProductAnswers) -> ProductAnswers {
            ProductAnswers(name: name ?? earlier.name, authorisation: authorisation ?? earlier.authorisation,
                           activeIngredients: activeIngredients.isEmpty ? earlier.activeIngredients : activeIngredients,
                           restrictedEntryHours: restrictedEntryHours ?? earlier.restrictedEntryHours)
        }
    }

    public var fieldName: String?
    public var crop: String?
    public var cropCode: String?
    /// The crop's area.
    public var cropArea: Quantity<AreaUnit>?
    /// The parcels sprayed: their labels in the aid application and their cadastral numbers.
    /// A job with parcels of its own but no cadastral numbers takes these parcels' numbers by
    /// label (numbers of an unlabelled parcel go to its first parcel).
    public var parcels: [Parcel]
    public var target: String?
    public var bbch: BBCHStage?
    /// When the application ended, in minutes after midnight on the clock the start was written
    /// in (an end before the start is the next morning's).
    public var endMinuteOfDay: Int?
    /// By product index.
    public var products: [Int: ProductAnswers]

    public init(fieldName: String? = nil, crop: String? = nil, cropCode: String? = nil, cropArea: Quantity<AreaUnit>? = nil,
                parcels: [Parcel] = [], target: String? = nil, bbch: BBCHStage? = nil,
                endMinuteOfDay: Int? = nil, products: [Int: ProductAnswers] = [:]) {
        self.fieldName = fieldName
        self.crop = crop
        self.cropCode = cropCode
        self.cropArea = cropArea
        self.parcels = parcels
        self.target = target
        self.bbch = bbch
        self.endMinuteOfDay = endMinuteOfDay
        self.products = products
    }

    /// True when it answers nothing.
    public var isEmpty: Bool {
        fieldName == nil && crop == nil && cropCode == nil && cropArea == nil && parcels.isEmpty
            && target == nil && bbch == nil && endMinuteOfDay == nil && products.values.allSatisfy(\.isEmpty)
    }

    /// These answers, with `earlier`'s where they give none ("same as the job above"); the end
    /// time is each job's own.
    public func merged(over earlier: JobAnswers) -> JobAnswers {
        var merged = self
        merged.fieldName = fieldName ?? earlier.fieldName
        merged.crop = crop ?? earlier.crop
        merged.cropCode = cropCode ?? earlier.cropCode
        // A quantity with its unit: a job in ares takes a crop area given in hectares rightly.
        merged.cropArea = cropArea ?? earlier.cropArea
        if parcels.isEmpty { merged.parcels = earlier.parcels }
        merged.target = target ?? earlier.target
        merged.bbch = bbch ?? earlier.bbch
        for (index, product) in earlier.products { merged.products[index] = (products[index] ?? .init()).merged(over: product) }
        return merged
    }

    /// `job` with what it leaves out answered.
    public func filling(_ job: SprayJob) -> SprayJob {
        var job = job
        job.field.name = job.field.name ?? fieldName
        job.field.crop = job.field.crop ?? crop
        job.field.cropCode = job.field.cropCode ?? cropCode
        job.field.cropArea = job.field.cropArea ?? cropArea
        if job.field.parcels.isEmpty {
            job.field.parcels = parcels
        } else if !job.field.parcels.contains(where: { !$0.cadastral.isEmpty }) {
            for parcel in parcels where !parcel.cadastral.isEmpty {
                let index = job.field.parcels.firstIndex { $0.label != nil && $0.label == parcel.label } ?? (parcel.label == nil ? 0 : nil)
                if let index { job.field.parcels[index].cadastral += parcel.cadastral }
            }
        }
        job.record.target = job.record.target ?? target
        job.record.bbch = job.record.bbch ?? bbch
        if job.endDate == nil, let endMinuteOfDay, (0..<1_440).contains(endMinuteOfDay), let date = job.date, date.hasTime {
            // The clock the farmer read: the job's zone for a UTC time, else the start's own offset.
            let start = date.inZone(job.timeZone.flatMap { TimeZoneRules.named($0) })
            job.endDate = Self.end(at: endMinuteOfDay, after: start)
        }
        for (index, answers) in products where index >= 0 && index < job.products.count {
            var product = job.products[index]
            product.name = product.name ?? answers.name
            product.authorisation = product.authorisation ?? answers.authorisation
            if product.activeIngredients.isEmpty { product.activeIngredients = answers.activeIngredients }
            product.restrictedEntryHours = product.restrictedEntryHours ?? answers.restrictedEntryHours
            job.products[index] = product
        }
        return job
    }

    /// `minute` after midnight on the civil day `start` was written on, at its offset; an end
    /// before the start is the next morning's.
    static func end(at minute: Int, after start: JobDate) -> JobDate {
        let offset = Double(start.utcOffsetSeconds)
        let local = start.instant.timeIntervalSince1970 + offset
        var end = (local / 86_400).rounded(.down) * 86_400 + Double(minute * 60)
        if end < local { end += 86_400 }
        return JobDate(instant: Date(timeIntervalSince1970: end - offset), utcOffsetSeconds: start.utcOffsetSeconds, hasTime: true, isUTC: start.isUTC)
    }
}
