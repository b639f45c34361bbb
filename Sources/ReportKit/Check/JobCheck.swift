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
    /// What the product catalogue says of the job's products (unknown or expired authorisations,
    /// doses and stages beyond the label); also among ``warnings``. Empty without a catalogue.
    public let labelWarnings: [Diagnostic]
    /// EPPO codes the job could give for the crop and targets it names (``EPPONames``), and what
    /// `record` recommends without asking for it (the German record's target): hints, which
    /// `validate` prints and no check counts.
    public let suggestions: [Diagnostic]

    /// Checks a decoded entry (``HistoryEntry/result``) and, when given, against `record` and
    /// the labels of `catalogue` (which also fills what the job's products leave out).
    public init(_ decoded: Result<DecodedJob, InputError>, record: RecordJurisdiction? = nil, catalogue: ProductCatalogue? = nil) {
        do {
            let (plan, label) = try ProductCatalogue.plan(try decoded.get(), with: catalogue)
            self.plan = plan
            problems = []
            missing = record?.missing(in: plan.job) ?? []
            labelWarnings = label
            suggestions = EPPONames.suggestions(for: plan.job) + (record?.recommended(in: plan.job) ?? [])
        } catch {
            plan = nil
            problems = error.diagnostics
            missing = []
            labelWarnings = []
            suggestions = []
        }
    }

    /// What `record` asks for that the job lacks, for any jurisdiction, from the one plan (a
    /// season's summary for the EU, Poland and the US plans each job once); empty for a refused job.
    public func missing(for record: RecordJurisdiction) -> [Diagnostic] {
        plan.map { record.missing(in: $0.job) } ?? []
    }

    /// The input's and the plan's warnings of a valid job.
    public var warnings: [Diagnostic] { plan?.warnings ?? [] }
}
