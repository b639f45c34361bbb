import FoundationEssentials

/// The record of a season's applications in one call: a history read entry by entry into the
/// machine-readable record (CSV or JSON, streamed: any length in flat memory) or the season
/// register to print (a PDF carrying the record, at most ``ReportTemplate/maximumTableRows`` lines).
///
/// An invalid entry is left out and told to ``export(_:into:events:)``'s `events` with its number,
/// id and problems; what to do with a record that lacks it is the caller's choice
/// (``RecordSummary/invalid`` says how many).
public struct RecordExporter: Sendable {
    /// The forms of the record.
    public enum Form: Sendable {
        /// The machine-readable record (docs/record-format.md).
        case data(RecordFormat)
        /// The season register, drawn with these options (its template, language and theme).
        case register(ReportOptions)
        /// An Excel workbook (``RecordWorkbook``), its headers in the options' language (else the
        /// first job's), from their definitions.
        case workbook(ReportOptions)
    }

    /// Something to tell the person making the record, about one entry.
    package enum Event: Sendable {
        /// The entry is not a valid job and is not in the record.
        case invalid(EntryLabel, [Diagnostic])
        /// The entry is in the record but lacks what ``RecordExporter/check`` asks for.
        case incomplete(EntryLabel, [Diagnostic])
        /// The entry goes beyond its products' labels, or names a product or number the
        /// ``RecordExporter/catalogue`` does not know; told once the whole season is read, since
        /// a season's count of treatments needs every entry.
        case beyondLabel(EntryLabel, [Diagnostic])
    }

    /// Which entry of a history an event is about.
    package struct EntryLabel: Sendable {
        /// The entry's number in the history, from 0.
        public let index: Int
        /// The entry's own id, when it has one.
        public let id: String?
        /// Whether the input was one job rather than a history.
        public let isOnlyJob: Bool
        /// The entry's line, in JSON Lines.
        public var line: Int? = nil
        /// Which of the histories read it is from, from 0 (``RecordExporter/export(_:names:into:events:)``).
        public var source = 0
    }

    public let form: Form
    /// The jurisdiction whose required fields each job is checked for (``Event/incomplete(_:_:)``).
    public let check: RecordJurisdiction?
    /// The products' labels: fills what the jobs' products leave out, and checks each job and the
    /// season's count of treatments (``Event/beyondLabel(_:_:)``).
    public let catalogue: ProductCatalogue?

    public init(form: Form, check: RecordJurisdiction? = nil, catalogue: ProductCatalogue? = nil) {
        self.form = form
        self.check = check
        self.catalogue = catalogue
    }

    /// Reads `reader` to its end and hands the record's bytes to `sink` as they are made (the
    /// machine-readable record a chunk at a time; the register whole, once every entry is read).
    public func export(_ reader: HistoryReader, into sink: ([UInt8]) throws -> Void) throws(RecordExportError) -> RecordSummary {
        try export([reader], names: [nil], into: sink, events: { _ in })
    }

    /// As ``export(_:into:)``, telling `events` about each entry as it is read.
    package func export(_ reader: HistoryReader, into sink: ([UInt8]) throws -> Void,
                        events: (Event) -> Void) throws(RecordExportError) -> RecordSummary {
        try export([reader], names: [nil], into: sink, events: events)
    }

    /// One season's record from several histories (a file a month, a file a field), read one
    /// after the other; `names` name them in the record's list of entries left out.
    package func export(_ readers: [HistoryReader], names: [String?], into sink: ([UInt8]) throws -> Void,
                       events: (Event) -> Void = { _ in }) throws(RecordExportError) -> RecordSummary {
        var sources = Sources(walk: HistoryWalk(readers, record: check, catalogue: catalogue), names: names)
        let summary = switch form {
        case .data(let format): try exportData(&sources, format: format, into: sink, events: events)
        case .register(let options): try exportRegister(&sources, options: options, into: sink, events: events)
        case .workbook(let options): try exportWorkbook(&sources, options: options, into: sink, events: events)
        }
        tellLabelChecks(sources, events: events)
        return summary
    }

    /// The histories of one record, walked in turn (``HistoryWalk``), and their names.
    private struct Sources {
        let walk: HistoryWalk
        let names: [String?]
    }

    /// Each entry's label warnings with those of the season's count, in the order read.
    private func tellLabelChecks(_ sources: Sources, events: (Event) -> Void) {
        for (place, own, season) in sources.walk.seasonLabelChecks() where !(own + season).isEmpty {
            let label = EntryLabel(index: place.index, id: place.id, isOnlyJob: place.isOnlyJob, line: place.line, source: place.source)
            events(.beyondLabel(label, own + season))
        }
    }

    /// The next entry's plan, or nil at the end; an invalid entry is told and passed over.
    private func nextPlan(_ sources: inout Sources, summary: inout RecordSummary, events: (Event) -> Void)
        throws(RecordExportError) -> (SprayPlan, EntryLabel)? {
        while true {
            let walked: HistoryWalk.Entry?
            do {
                walked = try sources.walk.next()
            } catch {
                throw .history(error)
            }
            guard let walked else { return nil }
            let entry = walked.entry, checked = walked.check
            let label = EntryLabel(index: entry.index, id: entry.id, isOnlyJob: walked.isOnlyJob, line: entry.line, source: walked.source)
            summary.entries += 1
            guard let plan = checked.plan else {
                summary.invalid += 1
                let name = walked.source < sources.names.count ? sources.names[walked.source] : nil
                summary.omitted.append(OmittedEntry(entry: entry.index + 1, line: entry.line, id: entry.id, source: name,
                                                    reasons: checked.problems.map(\.description)))
                events(.invalid(label, checked.problems))
                continue
            }
            if !checked.missing.isEmpty {
                summary.incomplete += 1
                events(.incomplete(label, checked.missing))
            }
            return (plan, label)
        }
    }

    private func exportData(_ sources: inout Sources, format: RecordFormat, into sink: ([UInt8]) throws -> Void,
                            events: (Event) -> Void) throws(RecordExportError) -> RecordSummary {
        var summary = RecordSummary()
        var buffer = Array(format.header.utf8)
        // Handed on in chunks: a season is never held whole, and the sink is not called a line at a time.
        func pass(_ force: Bool) throws(RecordExportError) {
            guard force || buffer.count >= 256 * 1024 else { return }
            do {
                try sink(buffer)
            } catch {
                throw .output(error)
            }
            buffer.removeAll(keepingCapacity: true)
        }
        while let (plan, _) = try nextPlan(&sources, summary: &summary, events: events) {
            for line in RecordLine.lines(of: plan) {
                buffer += format.text(of: line, first: summary.lines == 0).utf8
                summary.lines += 1
                try pass(false)
            }
        }
        buffer += format.footer(omitted: summary.omitted).utf8
        try pass(true)
        return summary
    }

    private func exportWorkbook(_ sources: inout Sources, options: ReportOptions, into sink: ([UInt8]) throws -> Void,
                                events: (Event) -> Void) throws(RecordExportError) -> RecordSummary {
        var summary = RecordSummary()
        var records: [RecordLine] = []
        var language = options.language
        var latest: Date?
        while let (plan, label) = try nextPlan(&sources, summary: &summary, events: events) {
            language = language ?? options.language(for: plan.job)
            if let date = plan.job.date?.instant { latest = max(latest ?? date, date) }
            records += RecordLine.lines(of: plan)
            summary.lines = records.count
            // The lines are held until the file is written: a bound keeps the memory bounded.
            guard records.count <= RecordWorkbook.maximumLines else {
                throw .registerTooLong(entry: label.index, limit: RecordWorkbook.maximumLines)
            }
        }
        do {
            let locale = try options.definitions.locale(language ?? options.defaultLanguage ?? .english)
            try sink(try RecordWorkbook.bytes(of: records, locale: locale, created: latest ?? SourceDateEpoch.date()))
        } catch let error as DefinitionError {
            throw .report(.definition(error))
        } catch let error as RenderError {
            throw .report(.render(error))
        } catch {
            throw .output(error)
        }
        return summary
    }

    private func exportRegister(_ sources: inout Sources, options: ReportOptions, into sink: ([UInt8]) throws -> Void,
                                events: (Event) -> Void) throws(RecordExportError) -> RecordSummary {
        var summary = RecordSummary()
        var lines: [HistoryLine] = []
        var records: [RecordLine] = []
        var language = options.language
        var generator: ReportGenerator?
        while let (plan, label) = try nextPlan(&sources, summary: &summary, events: events) {
            // Made for the first valid job, in its language unless the options give one.
            language = language ?? options.language(for: plan.job)
            do throws(ReportError) {
                let made: ReportGenerator
                if let generator {
                    made = generator
                } else {
                    made = try ReportGenerator(options: options)
                }
                generator = made
                lines.append(HistoryLine(plan: plan, number: lines.count + 1, locale: try made.locale(language ?? .english)))
            } catch {
                throw .report(error)
            }
            records += RecordLine.lines(of: plan)
            summary.lines = records.count
            // Counted as the lines stream in, so a season too long for one register is refused
            // before it is held (memory stays flat up to the limit).
            guard records.count <= ReportTemplate.maximumTableRows else {
                throw .registerTooLong(entry: label.index, limit: ReportTemplate.maximumTableRows)
            }
        }
        guard let generator, !lines.isEmpty else { throw .nothingToRecord(summary) }
        do {
            // The history is read as a stream and not kept: the register carries the record alone.
            let register = try generator.historyReport(lines, language: language ?? .english, records: records, source: nil,
                                                       omitted: summary.omitted)
            try sink(register.pdf ?? [])
        } catch let error as ReportError {
            throw .report(error)
        } catch {
            throw .output(error)
        }
        return summary
    }
}

/// What a record was made of.
public struct RecordSummary: Sendable, Equatable {
    /// Entries read.
    public var entries = 0
    /// Lines written (one a product of each valid job).
    public var lines = 0
    /// Entries left out as invalid.
    public var invalid = 0
    /// Entries that lack what the record's jurisdiction asks for.
    public var incomplete = 0
    /// The invalid entries, as the record lists them.
    package var omitted: [OmittedEntry] = []

    public init() {}
}

/// Why a record could not be made.
public enum RecordExportError: Error, CustomStringConvertible {
    /// The input is not a history, or cannot be read further.
    case history(HistoryReadError)
    /// The register would pass its limit of lines at this entry (from 0).
    case registerTooLong(entry: Int, limit: Int)
    /// No entry is a valid job: there is nothing to draw a register of.
    case nothingToRecord(RecordSummary)
    /// The register cannot be drawn (its template, fonts, layout).
    case report(ReportError)
    /// The sink refused the bytes (its own error).
    case output(any Error)

    public var description: String {
        switch self {
        case .history(let error): error.description
        case .registerTooLong(let entry, let limit):
            "the register holds at most \(limit) lines (one a product of each job); entry \(entry + 1) passes that. Split the season, or write it as CSV or JSON, which have no limit"
        case .nothingToRecord: "no valid job to make a register of"
        case .report(let error): error.description
        case .output(let error): "\(error)"
        }
    }
}
