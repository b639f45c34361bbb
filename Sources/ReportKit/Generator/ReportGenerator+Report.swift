/// The one call that makes a report: input bytes (or a decoded job, or a plan) to pages, bytes and
/// warnings. The command-line tool, the batch, the tests, the benchmarks and the examples all make
/// their reports through these, so a report is made one way.
extension ReportGenerator {
    /// The report of `source`: a job (v1 JSON or an entry of the app's history), or, for a
    /// history template (`history-summary`), a history's cover. A history of one entry makes that
    /// job's report. The PDF carries `source` byte for byte.
    public func report(from source: [UInt8], output: ReportOutput = .pdf) throws(ReportError) -> Report {
        try Self.requireSupportedCairo(for: output)
        let document: JobDocument
        do {
            document = try JobDecoder.decodeDocument(source, timeZone: options.timeZone, fillIn: options.fillIn)
        } catch {
            throw .input(error)
        }
        switch document {
        case .job(let decoded):
            return try report(from: decoded, source: source, output: output)
        case .history(let entries) where template.subject == .history:
            return try historyReport(of: entries, source: source, output: output)
        case .history(let entries) where entries.count == 1:
            let decoded: DecodedJob
            do {
                decoded = try entries[0].result.get()
            } catch {
                throw .input(error)
            }
            return try report(from: decoded, source: entries[0].source, output: output)
        case .history(let entries):
            throw .input(InputError(at: .root, MessageText("input.history-for-job-template", ["count": String(entries.count), "template": template.name])))
        }
    }

    /// The report of a decoded job; `source` (the job as read) goes inside the PDF when given.
    public func report(from decoded: DecodedJob, source: [UInt8]?, output: ReportOutput = .pdf,
                       placement: ReportPlacement = .standalone) throws(ReportError) -> Report {
        try report(for: try plan(decoded), source: source, output: output, placement: placement)
    }

    /// The report of a planned job (one made in code: check it with ``JobValidator`` first).
    /// The PDF carries the job's record and plan, and `source` when given.
    public func report(for plan: SprayPlan, source: [UInt8]? = nil, output: ReportOutput = .pdf,
                       placement: ReportPlacement = .standalone) throws(ReportError) -> Report {
        try Self.requireSupportedCairo(for: output)
        let anchor = placement.job.map { HistoryLine.anchor(number: $0) }
        // The record is made once: its SHA-256 goes on the pages, its bytes into the PDF.
        let record = Self.recordDocument(of: plan)
        let composed = try compose(plan, anchorPrefix: anchor.map { $0 + "-" } ?? "", record: record)
        // A job in a combined document starts with a destination the cover's links and the
        // outline point to.
        let body: any Element = anchor.map { Anchor($0, composed.body) } ?? composed.body
        let document = try layout(ComposedReport(body: body, pageTemplate: composed.pageTemplate, outline: composed.outline,
                                                 info: composed.info, contrast: composed.contrast),
                                  numbering: placement.numbering)
        // Measuring only wants the page count: what the PDF carries is made when it is drawn.
        let attachments = placement.isMeasuring ? [] : try self.attachments(source: source, plan: plan, number: placement.job, record: record)
        return Report(subject: .job(plan), output: output, document: document, attachments: attachments,
                      files: try files(of: document, attachments: attachments, output: output), warnings: plan.warnings,
                      failingContrast: composed.contrast.filter { !$0.passes })
    }

    /// A history's cover from its entries, every one of which must be a valid job (else every
    /// entry's problems, with their paths, in one ``InputError``). Each plan is cut down to its
    /// line of the cover at once, so a history of large jobs never holds all their loads.
    public func historyReport(of entries: [HistoryEntry], source: [UInt8]?, output: ReportOutput = .pdf) throws(ReportError) -> Report {
        guard entries.count <= ReportTemplate.maximumTableRows else {
            throw .input(InputError(at: .root, MessageText("input.cover-too-long", ["count": String(entries.count), "maximum": String(ReportTemplate.maximumTableRows)]),
                                    code: DiagnosticCode.limit))
        }
        var lines: [HistoryLine] = []
        var records: [RecordLine] = []
        var warnings: [Diagnostic] = []
        var language: ReportLanguage?
        var problems: [Diagnostic] = []
        for entry in entries {
            do throws(ReportError) {
                let plan = try self.plan(try entry.result.mapError(ReportError.input).get())
                warnings += plan.warnings
                records += RecordLine.lines(of: plan)
                language = language ?? options.language(for: plan.job)
                lines.append(HistoryLine(plan: plan, number: lines.count + 1, locale: try locale(language ?? .english)))
            } catch {
                guard case .input(let invalid) = error else { throw error }
                problems += invalid.diagnostics
            }
        }
        guard problems.isEmpty else { throw .input(InputError(problems)) }
        return try historyReport(lines, language: language ?? .english, records: records, source: source, output: output,
                                 warnings: warnings)
    }

    /// A history's cover (or a season register) from lines made one job at a time, in `language`
    /// (``ReportOptions/language`` overrides it), carrying `records` and the history as read
    /// (`source`, when given). `numbering` places the cover at the start of a combined document;
    /// `warnings` are the jobs' own, passed on in the report.
    package func historyReport(_ lines: [HistoryLine], language: ReportLanguage, records: [RecordLine], source: [UInt8]?,
                              output: ReportOutput = .pdf, numbering: PageNumber.Scheme = .standalone,
                              warnings: [Diagnostic] = [], omitted: [OmittedEntry] = []) throws(ReportError) -> Report {
        let record = records.isEmpty ? nil : Array(RecordFormat.json.document(records, omitted: omitted).utf8)
        let composed = try composeHistory(lines, language: language, omitted: omitted, record: record)
        let document = try layout(composed, numbering: numbering)
        var attachments = attachments(history: source ?? [], records: records, omitted: omitted)
        // A history read as a stream is not kept: the document then carries its record alone.
        if source == nil { attachments.removeAll { $0.relationship == .source } }
        return Report(subject: .history(jobs: lines.count), output: output, document: document, attachments: attachments,
                      files: try files(of: document, attachments: attachments, output: output), warnings: warnings,
                      failingContrast: composed.contrast.filter { !$0.passes })
    }

    /// Refuses, before any work, to make a PDF with a cairo the finishing stage was not made for
    /// (``CairoOutputContract``); page images need no finishing.
    static func requireSupportedCairo(for output: ReportOutput) throws(ReportError) {
        guard output == .pdf, let problem = CairoOutputContract.runtimeProblem else { return }
        throw .render(RenderError(problem, missingDependency: true, code: "render.cairo-series"))
    }

    private func files(of document: LaidOutDocument, attachments: [PDFAttachment], output: ReportOutput) throws(ReportError) -> [[UInt8]] {
        switch output {
        case .pdf: [try pdf(document, attachments: attachments)]
        case .png(let dpi): try png(document, dpi: dpi)
        case .pages: []
        }
    }
}
