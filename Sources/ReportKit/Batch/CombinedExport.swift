import FoundationEssentials
import Glibc

/// `report-gen batch HISTORY --combined FILE.pdf`: a cover listing every job (each line linking to
/// the job's pages), then every job's report, numbered across the whole document, with one
/// outline entry per job.
///
/// Two passes, as a page count needs: the first reads and lays out every job on the worker
/// threads to learn its page count, keeping only the decoded job (what the cover and the second
/// pass need); the second lays the jobs out again with their final page numbers and draws them
/// straight into the file, in order. Pages are never all held in memory.
struct CombinedExport {
    let options: BatchOptions
    let path: String

    /// The most pages one combined document may have. cairo keeps each page's bookkeeping (the
    /// tagged structure, links, page objects) until the file is finished, and the cover lists
    /// every job: about 40 KB a page in all (432 MiB measured for 10,000 one-page jobs), so this
    /// bounds the memory a hostile or simply huge history can take (about 1 GB); larger
    /// histories are written one file per job.
    static let maximumPages = 20_000

    /// A job that made it through the first pass.
    private struct Part: Sendable {
        let index: Int
        let job: DecodedJob
        let pages: Int
        /// The entry as read, carried inside the document.
        let source: [UInt8]
    }

    /// A job to draw, with where its pages fall in the document.
    private struct Placement: Sendable {
        let part: Part
        let firstPage: Int
        let pageCount: Int
    }

    func run(_ reader: HistoryReader, cancellation: BatchCancellation, events: BatchEvents) throws(BatchError) -> BatchSummary {
        // Checked before any work: a folder, a socket or one of the inputs is refused, and a file
        // already there is kept unless `overwrite` (a pipe or a device is simply written into).
        do throws(OutputError) {
            if case .file(let file) = try OutputTarget.resolve(path, protecting: options.inputs),
               FileManager.default.fileExists(atPath: file), !options.overwrite {
                throw OutputFile.exists(path)
            }
        } catch {
            throw .unwritable(RenderError(error))
        }
        let cover = try Self.generator(for: Self.coverOptions(options))
        guard cover.template.subject == .history else {
            throw .setup(.definition(DefinitionError(file: cover.template.file, at: JSONPath.root.appending("subject"),
                "is a template for one job; the cover of a combined document needs a history template such as history-summary")))
        }
        var summary = BatchSummary()
        // One document, one language: --locale, else the first valid job's, for the cover and
        // every job (a page "Strona 16 z 139" after "Page 14 of 139" reads as two documents).
        // Decided before any job is measured, since the language changes how many pages a job takes.
        var ahead: [HistoryItem] = []
        var language = options.report.language
        do {
            while language == nil, ahead.count < Self.entriesReadForTheLanguage, let item = try reader.next() {
                ahead.append(item)
                if case .success(let decoded) = item.decode().result { language = decoded.job.locale }
            }
        } catch {
            throw .history(error)
        }
        var chosen = self.options.report
        chosen.language = language ?? .english
        let jobOptions = chosen
        let parts = try layOut(reader, ahead: ahead, report: jobOptions, cancellation: cancellation, events: events, summary: &summary)
        summary.wasCancelled = cancellation.isCancelled
        guard !summary.wasCancelled, !summary.stoppedAtFailure else { return summary }
        guard !parts.isEmpty else { throw .nothingToWrite(summary) }

        let locale = try Self.setup { () throws(ReportError) in try cover.locale(jobOptions.language ?? .english) }
        let jobPages = parts.reduce(0) { $0 + $1.pages }
        guard jobPages <= Self.maximumPages else {
            throw .history(.invalid(InputError(at: .root, MessageText("input.combined-too-many-pages", ["pages": String(jobPages), "maximum": String(Self.maximumPages)]),
                                               code: DiagnosticCode.limit)))
        }
        // The cover is drawn first and its pages let go of at once: a cover lists every job
        // (about 9 KB of display list each), and the jobs' pages are drawn after it.
        let (writer, coverPages, coverOutline) = try start(cover: layOutCover(parts, with: cover, locale: locale, language: locale.language,
                                                                               jobPages: jobPages), text: cover.text)
        let total = coverPages + jobPages
        // The cover's headings, then one entry per job with the job's own headings inside it.
        var outline = coverOutline
        var placements: [Placement] = []
        var start = coverPages + 1
        for part in parts {
            placements.append(Placement(part: part, firstPage: start, pageCount: part.pages))
            start += part.pages
        }
        events.progress(BatchProgress(phase: .writingDocument, done: 0, total: placements.count))
        var drawn = 0
        var failure: BatchError?
        let options = options
        var pending = placements.makeIterator()
        // Its closures throw nothing and report-gen's threads refuse no part: nothing is thrown.
        try? OrderedWorkers<Placement, Result<(LaidOutDocument, [PDFAttachment]), ReportError>>(threads: options.threads).run(
            makeState: { Result { () throws(ReportError) in try ReportGenerator(options: jobOptions) } },
            next: { cancellation.isCancelled || failure != nil ? nil : pending.next() },
            work: { generator, placement in
                Result { () throws(ReportError) in
                    let report = try generator.get().report(from: placement.part.job, source: placement.part.source, output: .pages,
                                                            placement: .inDocument(job: placement.part.index + 1, firstPage: placement.firstPage,
                                                                                   pageCount: total))
                    return (report.document, report.attachments)
                }
            },
            deliver: { result in
                let placement = placements[drawn]
                drawn += 1
                do {
                    let (document, attachments) = try result.get()
                    guard document.pages.count == placement.pageCount else {
                        failure = .render(RenderError("job \(placement.part.index + 1) laid out to a different page count the second time"))
                        return false
                    }
                    try writer.add(document.pages)
                    try writer.attach(attachments)
                    outline.append(OutlineItem(title: Self.outlineTitle(placement.part, locale: locale),
                                               destination: HistoryLine.anchor(number: placement.part.index + 1), isCollapsed: true))
                    outline += document.outline.map { OutlineItem(title: $0.title, destination: $0.destination, level: $0.level + 1) }
                } catch let error as ReportError {
                    failure = .render(RenderError("job \(placement.part.index + 1): \(error)"))
                } catch {
                    failure = .unwritable(error as? RenderError ?? RenderError("\(error)"))
                }
                events.progress(BatchProgress(phase: .writingDocument, done: drawn, total: placements.count))
                return failure == nil && !cancellation.isCancelled
            })
        if let failure { throw failure }
        summary.wasCancelled = cancellation.isCancelled
        guard !summary.wasCancelled else { return summary }
        do {
            try writer.finish(outline: outline, replacing: options.overwrite)
        } catch {
            throw .unwritable(error)
        }
        summary.pages = total
        summary.document = path
        return summary
    }

    /// The cover: a line per job, laid out until its own length and the page numbers it shows
    /// agree (they rarely change it).
    private func layOutCover(_ parts: [Part], with cover: ReportGenerator, locale: ReportLocale, language: ReportLanguage,
                             jobPages: Int) throws(BatchError) -> LaidOutDocument {
        var lines = try parts.map { part throws(BatchError) in
            HistoryLine(plan: try Self.coverStep { () throws(ReportError) in try cover.plan(part.job) }, number: part.index + 1, locale: locale)
        }
        var coverPages = 1
        for _ in 0..<4 {
            var next = coverPages + 1
            for (index, part) in parts.enumerated() {
                lines[index].firstPage = next
                next += part.pages
            }
            let document = try Self.coverStep { () throws(ReportError) in
                try cover.historyReport(lines, language: language, records: [], source: nil, output: .pages,
                                        numbering: .within(first: 1, count: coverPages + jobPages)).document
            }
            if document.pages.count == coverPages { return document }
            coverPages = document.pages.count
        }
        throw .render(RenderError("the cover's page count does not settle"))
    }

    /// The combined document's file, begun with the cover drawn; the cover's page count and its
    /// outline (the cover's own pages are not kept).
    private func start(cover: LaidOutDocument, text: PangoTextEngine) throws(BatchError) -> (PDFFileWriter, pages: Int, outline: [OutlineItem]) {
        do throws(RenderError) {
            let writer = try PDFFileWriter(path: path, text: text, info: cover.info, standard: options.report.pdfStandard,
                                           protecting: options.inputs)
            try writer.add(cover.pages)
            return (writer, cover.pages.count, cover.outline)
        } catch {
            throw .unwritable(error)
        }
    }

    /// The first pass: every entry decoded, planned and laid out on the worker threads.
    /// How many entries are read ahead, at most, to find the first valid job's language.
    static let entriesReadForTheLanguage = 100

    private func layOut(_ reader: HistoryReader, ahead: [HistoryItem], report: ReportOptions, cancellation: BatchCancellation,
                        events: BatchEvents, summary: inout BatchSummary) throws(BatchError) -> [Part] {
        var parts: [Part] = []
        var read = 0
        let options = options
        var stop = false
        var ahead = ahead.makeIterator()
        do {
            try OrderedWorkers<HistoryItem, (BatchEntryOutcome, Part?)>(threads: options.threads).run(
                makeState: { Result { () throws(ReportError) in try ReportGenerator(options: report) } },
                next: { () throws(HistoryReadError) -> HistoryItem? in
                    guard !cancellation.isCancelled, !stop else { return nil }
                    let item: HistoryItem?
                    if let early = ahead.next() { item = early } else { item = try reader.next() }
                    guard let item else { return nil }
                    read += 1
                    return item
                },
                work: { generator, item in Self.measure(item, generator: generator, recordCheck: options.recordCheck) },
                deliver: { outcome, part in
                    summary.count(outcome)
                    if let part { parts.append(part) }
                    events.entry(outcome)
                    events.progress(BatchProgress(phase: .layingOut, done: summary.done, total: reader.count))
                    if options.failFast, summary.failed > 0 {
                        summary.stoppedAtFailure = true
                        stop = true
                    }
                    return !stop && !cancellation.isCancelled
                })
        } catch let error as HistoryReadError {
            throw .history(error)
        } catch {
            throw .history(.unreadable("\(error)"))
        }
        summary.skipped += (reader.count ?? read) - read + (read - summary.done)
        return parts
    }

    private static func measure(_ item: HistoryItem, generator: Result<ReportGenerator, ReportError>,
                                recordCheck: RecordJurisdiction?) -> (BatchEntryOutcome, Part?) {
        let entry = item.decode()
        var warnings: [Diagnostic] = []
        do {
            let decoded = try entry.result.mapError(ReportError.input).get()
            warnings = decoded.warnings
            // Laid out alone to learn its page count; the attachments are made in the second pass.
            let report = try generator.get().report(from: decoded, source: nil, output: .pages, placement: .measuring(job: item.index + 1))
            warnings = report.warnings + (report.plan.map { recordCheck?.missing(in: $0.job) ?? [] } ?? [])
            let pages = report.document.pages.count
            let outcome = BatchEntryOutcome(item, id: entry.id, .included(pages: pages), warnings: warnings, failingContrast: report.failingContrast)
            return (outcome, Part(index: item.index, job: decoded, pages: pages, source: entry.source))
        } catch {
            return (BatchEntryOutcome(item, id: entry.id, .failed(error), warnings: warnings), nil)
        }
    }

    /// "3 · 14 April 2026 · North field": a job's entry in the outline.
    private static func outlineTitle(_ part: Part, locale: ReportLocale) -> String {
        let job = part.job.job
        let parts: [String?] = [String(part.index + 1), job.date.map { locale.text($0, includeTime: false) }, job.field.name ?? job.field.crop ?? job.title]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// The cover's options: every option the reports are drawn with (definitions, paper, the
    /// configured author, the catalogue, the zone…), its template aside.
    static func coverOptions(_ options: BatchOptions) -> ReportOptions {
        var cover = options.report
        cover.template = options.coverTemplate
        return cover
    }

    private static func generator(for options: ReportOptions) throws(BatchError) -> ReportGenerator {
        try setup { () throws(ReportError) in try ReportGenerator(options: options) }
    }

    private static func setup<T>(_ body: () throws(ReportError) -> T) throws(BatchError) -> T {
        do { return try body() } catch { throw .setup(error) }
    }

    private static func coverStep<T>(_ body: () throws(ReportError) -> T) throws(BatchError) -> T {
        do { return try body() } catch { throw .render(RenderError("the cover cannot be made: \(error)")) }
    }
}
