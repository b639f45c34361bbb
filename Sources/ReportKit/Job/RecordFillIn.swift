/// What is the same for every job of a season and often missing from the app's entries: the
/// holding, the operator and their licence, and the parcels a field lies on. Given once (the
/// server's drop page asks for them), they fill the jobs that do not state them; a job's own
/// value always wins.
public struct RecordFillIn: Sendable, Equatable {
    /// The holding's identifier (``ApplicationRecord/holding``).
    public var holding: String?
    /// Who sprayed (``ApplicationRecord/operatorName``).
    public var operatorName: String?
    /// Their certificate or licence number (``ApplicationRecord/operatorLicence``).
    public var operatorLicence: String?
    /// The parcels of each field, by the field's name as the jobs give it.
    public var parcelsByField: [String: [Parcel]]

    public init(holding: String? = nil, operatorName: String? = nil, operatorLicence: String? = nil,
                parcelsByField: [String: [Parcel]] = [:]) {
        self.holding = holding
        self.operatorName = operatorName
        self.operatorLicence = operatorLicence
        self.parcelsByField = parcelsByField
    }

    /// True when it fills nothing.
    public var isEmpty: Bool {
        holding == nil && operatorName == nil && operatorLicence == nil && parcelsByField.isEmpty
    }

    /// `job` with what it leaves out filled in.
    public func filling(_ job: SprayJob) -> SprayJob {
        var job = job
        job.record.holding = job.record.holding ?? holding
        job.record.operatorName = job.record.operatorName ?? operatorName
        job.record.operatorLicence = job.record.operatorLicence ?? operatorLicence
        if job.field.parcels.isEmpty, let name = job.field.name, let parcels = parcelsByField[name] {
            job.field.parcels = parcels
        }
        return job
    }
}
