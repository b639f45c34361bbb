/// A job checked without making a report, in one call: its plan when it is valid (with the
/// input's and the plan's warnings), else every problem; and what a jurisdiction's record asks
/// for that it lacks. `report-gen validate` prints these; ``RecordExporter`` records the valid ones.
public struct JobCheck: Sendable {
    /// The plan of a valid job; nil when the job is refused.
    public let plan: SprayPlan?
    /// Why the job is refused (errors, with their paths); empty for a valid job.
    public let problems: [Diagnostic]
    /// What `record` asks for that the job lacks (empty without a jurisdiction).
    public let missing: [Diagnostic]

    /// Checks a decoded entry (``HistoryEntry/result``) and, when given, against `record`.
    public init(_ decoded: Result<DecodedJob, InputError>, record: RecordJurisdiction? = nil) {
        do {
            let job = try decoded.get()
            let plan = try SprayCalculator.plan(for: job.job, inputWarnings: job.warnings)
            self.plan = plan
            problems = []
            missing = record?.missing(in: plan.job) ?? []
        } catch {
            plan = nil
            problems = error.diagnostics
            missing = []
        }
    }

    /// The input's and the plan's warnings of a valid job.
    public var warnings: [Diagnostic] { plan?.warnings ?? [] }
}
