/// One walk over a season's histories, the same for every command that reads one (`validate`,
/// `record`, `isoxml`) and for the server: each entry read, decoded (with its reader's time zone
/// and fill-in), checked (``JobCheck``: its plan or every problem, what a record lacks, what the
/// labels say) and located; after the last entry, what only the whole season shows (a product
/// applied more often than its label allows).
///
/// Where a history is one job (a job alone, or JSON Lines of one line), its entry says so
/// (``Entry/isOnlyJob``), and its diagnostics name no entry: every command reads such an input as
/// that job, where each used to decide it for itself.
public final class HistoryWalk {
    /// One entry of a history, checked.
    public struct Entry: Sendable {
        /// The entry as read and decoded.
        public let entry: HistoryEntry
        /// Its check: the plan of a valid job, else why it is refused; what the record lacks.
        public let check: JobCheck
        /// Whether the input is one job rather than a history.
        public let isOnlyJob: Bool
        /// Which of the walk's histories it is from, from 0.
        public let source: Int

        /// Its diagnostics as scripts read them, located by entry unless the input is one job;
        /// under `strict` what the record lacks is an error. Their messages are in `language`.
        public func records(strict: Bool = false, file: String? = nil, language: ReportLanguage = .english,
                            definitions: ReportDefinitions = .builtIn) -> [DiagnosticRecord] {
            check.records(entry: isOnlyJob ? nil : entry, record: jurisdiction, strict: strict, file: file, language: language, definitions: definitions)
        }

        let jurisdiction: RecordJurisdiction?
    }

    /// What each job's record is checked for; nil checks none.
    public let record: RecordJurisdiction?
    /// The labels each job's products are checked against (and filled from); nil checks none.
    public let catalogue: ProductCatalogue?

    private let readers: [HistoryReader]
    private var current = 0
    /// What the season's label checks need of each valid entry: where it is, its job (not its
    /// plan: a season's count stays small) and its own label warnings.
    private var season: [(place: Place, job: SprayJob, warnings: [Diagnostic])] = []

    /// Where an entry is, for a diagnostic told after the walk.
    package struct Place: Sendable {
        package let index: Int
        package let id: String?
        package let line: Int?
        package let isOnlyJob: Bool
        package let source: Int
    }

    /// A walk over `readers`, one after the other (a season in a file a month).
    public init(_ readers: [HistoryReader], record: RecordJurisdiction? = nil, catalogue: ProductCatalogue? = nil) {
        self.readers = readers
        self.record = record
        self.catalogue = catalogue
    }

    /// A walk over a history in memory: JSON, JSON Lines (`name` ending `.jsonl`, or told by its
    /// first line), or a report PDF, which reads as the job (or history) it carries.
    public convenience init(bytes: [UInt8], name: String?, record: RecordJurisdiction? = nil, catalogue: ProductCatalogue? = nil,
                            timeZone: TimeZoneRules? = nil, fillIn: RecordFillIn? = nil) throws(HistoryReadError) {
        var input = bytes
        if PDFAttachmentReader.isPDF(bytes.prefix(5)) {
            do {
                input = try PDFAttachmentReader.jobInput(inPDF: bytes, name: name ?? "the PDF")
            } catch {
                throw .invalid(InputError(at: .root, error.description, code: DiagnosticCode.notAJob))
            }
        }
        guard let file = InputFile(bytes: input) else { throw .unreadable("no room to read the history in memory") }
        let reader = try HistoryReader(handle: file, name: name)
        reader.timeZone = timeZone
        reader.fillIn = fillIn
        self.init([reader], record: record, catalogue: catalogue)
    }

    /// The next entry, checked; nil after the last.
    public func next() throws(HistoryReadError) -> Entry? {
        while current < readers.count {
            let reader = readers[current]
            guard let item = try reader.next() else {
                current += 1
                continue
            }
            let entry = item.decode()
            // Known once the first entry is read (JSON Lines of one line is one job too).
            let isOnlyJob = reader.isOneJob
            let checked = Entry(entry: entry, check: JobCheck(entry.result, record: record, catalogue: catalogue),
                                isOnlyJob: isOnlyJob, source: current, jurisdiction: record)
            if catalogue != nil, let plan = checked.check.plan {
                let place = Place(index: entry.index, id: entry.id, line: entry.line, isOnlyJob: isOnlyJob, source: current)
                season.append((place, plan.job, checked.check.labelWarnings))
            }
            return checked
        }
        return nil
    }

    /// After the last entry: the label warnings only the whole season shows (a product applied
    /// more often than its label allows, its interval between treatments), for each valid entry
    /// in the order read; empty without a catalogue.
    public func seasonWarnings(file: String? = nil, language: ReportLanguage = .english, definitions: ReportDefinitions = .builtIn) -> [DiagnosticRecord] {
        seasonLabelChecks().flatMap { place, _, more in
            more.map { warning in
                var record = DiagnosticRecord(warning, severity: .warning, file: file, language: language, definitions: definitions)
                if !place.isOnlyJob { (record.entry, record.line, record.id) = (place.index + 1, place.line, place.id) }
                return record
            }
        }
    }

    /// Each valid entry with its own label warnings and those of the season's count.
    package func seasonLabelChecks() -> [(place: Place, own: [Diagnostic], season: [Diagnostic])] {
        guard let catalogue else { return [] }
        return zip(season, catalogue.seasonWarnings(for: season.map(\.job))).map { ($0.place, $0.warnings, $1) }
    }
}
