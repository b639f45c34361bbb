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
    /// What was added to single jobs, by their entry in the history (from 0; a job read alone is
    /// entry 0).
    public var answers: [Int: JobAnswers]

    public init(holding: String? = nil, operatorName: String? = nil, operatorLicence: String? = nil,
                parcelsByField: [String: [Parcel]] = [:], answers: [Int: JobAnswers] = [:]) {
        self.answers = answers
        self.holding = holding
        self.operatorName = operatorName
        self.operatorLicence = operatorLicence
        self.parcelsByField = parcelsByField
    }

    /// True when it fills nothing.
    public var isEmpty: Bool {
        holding == nil && operatorName == nil && operatorLicence == nil && parcelsByField.isEmpty && answers.values.allSatisfy(\.isEmpty)
    }

    /// `job` (the history's entry `entry`, from 0; nil for a job read alone) with what it leaves
    /// out filled in: its own answers first (they may name the field), then what every job shares.
    public func filling(_ job: SprayJob, entry: Int? = nil) -> SprayJob {
        var job = entry.flatMap { answers[$0] }?.filling(job) ?? job
        job.record.holding = job.record.holding ?? holding
        job.record.operatorName = job.record.operatorName ?? operatorName
        job.record.operatorLicence = job.record.operatorLicence ?? operatorLicence
        if job.field.parcels.isEmpty, let name = job.field.name, let parcels = parcelsByField[name] {
            job.field.parcels = parcels
        }
        return job
    }
}
