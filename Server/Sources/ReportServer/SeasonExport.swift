import Foundation
import ReportKit

/// A season made into its files: each job's report and tank card, the register, the record as CSV
/// and JSON, and what each jurisdiction's record still lacks. The files of /v1/batches' ZIP and
/// the drop page's downloads; the same calls as `report-gen batch` and `report-gen record`.
package struct SeasonExport: Sendable {
    /// One file of the season, by its path in the ZIP.
    package struct File: Sendable {
        package let path: String
        package let bytes: [UInt8]
        package let contentType: String
    }

    package let request: SeasonRequest
    package let definitions: ReportDefinitions
    package let pool: GeneratorPool
    /// Threads a season's reports are drawn on.
    package let threads: Int

    package init(request: SeasonRequest, definitions: ReportDefinitions, pool: GeneratorPool, threads: Int) {
        self.request = request
        self.definitions = definitions
        self.pool = pool
        self.threads = threads
    }

    /// The files asked for, in a fixed order: the same history gives the same files.
    package func files(jobLimit: Int) throws(SeasonError) -> [File] {
        let entries = try request.entries(limit: jobLimit)
        let valid = entries.filter { (try? $0.result.get()) != nil }
        guard !valid.isEmpty else { throw .noValidJob(entries) }
        var files: [File] = []
        let names = Self.fileNames(valid)
        if request.outputs.contains(.reports) { files += try reports(valid, template: "spray-report", folder: "reports", names: names) }
        if request.outputs.contains(.tankCards) { files += try reports(valid, template: "tank-card", folder: "tank-cards", names: names) }
        if request.outputs.contains(.register) { files.append(try record(.register(options(template: "spray-register")), path: "register.pdf", type: "application/pdf")) }
        if request.outputs.contains(.csv) { files.append(try record(.data(.csv), path: "record.csv", type: "text/csv")) }
        if request.outputs.contains(.json) { files.append(try record(.data(.json), path: "record.json", type: "application/json")) }
        let summary = SeasonSummary(entries: entries, language: summaryLanguage(valid))
        files.append(File(path: "summary.txt", bytes: Array(summary.text.utf8), contentType: "text/plain; charset=utf-8"))
        files.append(File(path: "summary.json", bytes: Array(summary.json.utf8), contentType: "application/json"))
        return files
    }

    /// The summary's language: the one asked for, else the first job's.
    private func summaryLanguage(_ valid: [HistoryEntry]) -> ReportLanguage {
        request.language ?? valid.first.flatMap { try? $0.result.get().job.locale } ?? .english
    }

    private func options(template: String) -> ReportOptions {
        var options = ReportOptions(template: template, theme: request.theme, language: request.language)
        options.definitions = definitions
        return options
    }

    /// One PDF per valid job, drawn on `threads` threads, each with generators of its own.
    private func reports(_ entries: [HistoryEntry], template: String, folder: String, names: [String]) throws(SeasonError) -> [File] {
        let options = options(template: template)
        let results = ResultSlots<[UInt8]>(count: entries.count)
        DispatchQueue.concurrentPerform(iterations: min(threads, entries.count)) { worker in
            for index in stride(from: worker, to: entries.count, by: threads) {
                let entry = entries[index]
                results.set(index, Result {
                    try pool.withGenerator(options) { generator in
                        try generator.report(from: try entry.result.get(), source: entry.source).pdf ?? []
                    }
                })
            }
        }
        var files: [File] = []
        for (index, result) in results.values.enumerated() {
            switch result {
            case .success(let pdf): files.append(File(path: "\(folder)/\(names[index]).pdf", bytes: pdf, contentType: "application/pdf"))
            case .failure(let error): throw .unreadable("entry \(entries[index].index): \(error)")
            }
        }
        return files
    }

    private func record(_ form: RecordExporter.Form, path: String, type: String) throws(SeasonError) -> File {
        var bytes: [UInt8] = []
        do {
            _ = try RecordExporter(form: form, check: request.check).export(try request.reader(), into: { bytes += $0 })
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

/// Results written by several threads, each to its own index.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var slots: [Result<Value, any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Value, any Error>) { lock.withLock { slots[index] = result } }

    var values: [Result<Value, any Error>] { lock.withLock { slots.map { $0 ?? .failure(SettingsError("not drawn")) } } }
}
