import Foundation
import ReportKit

/// A season made into its files: each job's report and tank card, the register, the record as CSV
/// and JSON, and what each jurisdiction's record still lacks. The files of /v1/batches' ZIP and
/// the drop page's downloads; the same calls as `report-gen batch` and `report-gen record`.
///
/// The history is read in a render slot of its own, as any request's work (so a full queue
/// refuses the season with 429). Then each file is one part of the season's work, drawn in a
/// render slot as a ``RenderQueue/Priority/seasonPart`` (a request waiting goes first), as many
/// at once as the server has slots: the queue sees every render a season makes, and a single
/// report never waits behind a whole season. A season whose client hangs up is cancelled: its
/// parts not yet drawn leave the queue.
package struct SeasonExport: Sendable {
    /// One file of the season, by its path in the ZIP.
    package struct File: Sendable {
        package let path: String
        package let bytes: [UInt8]
        package let contentType: String
    }

    package let request: SeasonRequest
    package let service: ReportService

    package init(request: SeasonRequest, service: ReportService) {
        self.request = request
        self.service = service
    }

    /// The files asked for, in a fixed order: the same history gives the same files.
    package func files(jobLimit: Int) async throws -> [File] {
        let deadline = service.deadline()
        let request = request
        let catalogue = service.settings.catalogue
        let walked = try await service.render(until: deadline) { () throws -> [HistoryWalk.Entry] in
            try request.walked(limit: jobLimit, catalogue: catalogue)
        }
        let valid = walked.filter { $0.check.plan != nil }
        guard !valid.isEmpty else { throw SeasonError.noValidJob(walked.map(\.entry)) }
        let names = Self.fileNames(valid.map(\.entry))
        // Untyped: Swift 6.3's compiler crashes emitting an array of typed-throws closures.
        var parts: [@Sendable () throws -> File] = []
        for (template, folder, output) in [("spray-report", "reports", SeasonRequest.Output.reports), ("tank-card", "tank-cards", .tankCards)]
            where request.outputs.contains(output) {
            for (entry, name) in zip(valid, names) { parts.append { try report(entry, template: template, path: "\(folder)/\(name).pdf") } }
        }
        if request.outputs.contains(.register) { parts.append { try record(.register(options(template: "spray-register")), path: "register.pdf", type: "application/pdf") } }
        if request.outputs.contains(.csv) { parts.append { try record(.data(.csv), path: "record.csv", type: "text/csv") } }
        if request.outputs.contains(.json) { parts.append { try record(.data(.json), path: "record.json", type: "application/json") } }
        if request.outputs.contains(.csvPolish) {
            // The same dialect, named for the German page's user.
            let german = request.language == .german
            parts.append { try record(.data(german ? .csvExcelGerman : .csvExcelPolish), path: german ? "record-excel-de.csv" : "record-excel-pl.csv", type: "text/csv") }
        }
        if request.outputs.contains(.workbook) {
            parts.append { try record(.workbook(options(template: "spray-register")), path: "record.xlsx",
                                      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet") }
        }
        var files = try await draw(parts, until: deadline)
        let summary = SeasonSummary(entries: walked, language: summaryLanguage(valid))
        files.append(File(path: "summary.txt", bytes: Array(summary.text.utf8), contentType: "text/plain; charset=utf-8"))
        files.append(File(path: "summary.json", bytes: Array(summary.json.utf8), contentType: "application/json"))
        return files
    }

    /// The files as one ZIP, made in a render slot as a part of the season.
    package func zipped(_ files: [File]) async throws -> [UInt8] {
        try await service.queue.run(until: service.deadline(), priority: .seasonPart) { try SeasonArchive.zip(files) }
    }

    /// Every part drawn through ReportKit's batch engine in the server's render slots
    /// (``SeasonSlots``), in their order; the first failure stops the rest.
    private func draw(_ parts: [@Sendable () throws -> File], until deadline: ContinuousClock.Instant) async throws -> [File] {
        try await SeasonSlots(queue: service.queue, deadline: deadline).running { slots in
            var files: [File] = []
            var next = parts.makeIterator()
            try slots.run(
                makeState: {},
                next: { next.next() },
                work: { _, part in Result { try part() } },
                deliver: { made in
                    files.append(try made.get())
                    return true
                })
            return files
        }
    }

    /// The summary's language: the one asked for, else the first job's.
    private func summaryLanguage(_ valid: [HistoryWalk.Entry]) -> ReportLanguage {
        request.language ?? valid.first?.check.plan?.job.locale ?? .english
    }

    private func options(template: String) -> ReportOptions {
        service.options(template: template, theme: request.theme, language: request.language)
    }

    /// One job's PDF, with a generator of the render thread's own. The generator plans the job
    /// again: its plan also warns of characters its fonts cannot draw, which the page shows.
    private func report(_ walked: HistoryWalk.Entry, template: String, path: String) throws(SeasonError) -> File {
        let entry = walked.entry
        do {
            let pdf = try service.pool.withGenerator(options(template: template)) { generator in
                try generator.report(from: try entry.result.get(), source: entry.source).pdf ?? []
            }
            return File(path: path, bytes: pdf, contentType: "application/pdf")
        } catch {
            throw .unreadable("entry \(entry.index): \(error)")
        }
    }

    private func record(_ form: RecordExporter.Form, path: String, type: String) throws(SeasonError) -> File {
        var bytes: [UInt8] = []
        do {
            _ = try RecordExporter(form: form, check: request.check, catalogue: service.settings.catalogue).export(try request.reader(), into: { bytes += $0 })
        } catch let error as SeasonError {
            throw error
        } catch {
            throw .unreadable("\(path): \(error)")
        }
        return File(path: path, bytes: bytes, contentType: type)
    }

    /// `003-north-7-2026-04-12`: the entry's number, then its id or field and date, as a file
    /// name any system takes; numbered, so two jobs of one field and day stay apart.
    static func fileNames(_ entries: [HistoryEntry]) -> [String] {
        let width = max(3, String(entries.map(\.index).max() ?? 0).count)
        return entries.map { entry in
            let job = try? entry.result.get().job
            let words = [entry.id ?? job?.field.name, job?.date.map(SeasonSummary.day)].compactMap { $0 }.joined(separator: "-")
            let number = String(repeating: "0", count: max(0, width - String(entry.index + 1).count)) + String(entry.index + 1)
            let slug = Self.slug(words)
            return slug.isEmpty ? number : number + "-" + slug
        }
    }

    private static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).replacingOccurrences(of: "ł", with: "l")
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) { slug.unicodeScalars.append(scalar) }
            else if !slug.isEmpty, !slug.hasSuffix("-") { slug += "-" }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return String(slug.prefix(48))
    }
}
