import FoundationEssentials
import Glibc

/// `report-gen batch HISTORY -o DIR`: one PDF per job, written by several threads at once, each
/// file atomically (a reader or an interruption never finds half a file).
package struct FolderExport {
    let options: BatchOptions
    let folder: String

    /// A job's report made by a worker: written to its temporary file, not yet committed.
    private struct Made: Sendable {
        let outcome: BatchEntryOutcome
        let file: StagedFile?
    }

    /// Reports made are named in groups of up to this many (or ``groupByteLimit``): one flush to
    /// disk for the group instead of one a file (``StagedFile/flushTogether(_:)``), made in the
    /// background while the next group is drawn (``BackgroundFlush``), so a group's files get
    /// their names, and are reported, once the next group is made.
    static let largestGroup = 16
    static let groupByteLimit = 8 << 20

    /// The group size for a batch on `threads` threads: ``largestGroup``, or fewer where the limit
    /// on open files is low. Two groups are open at once (one being flushed, one being made),
    /// besides the files of the reports in the workers' hands and the program's own (its input,
    /// fonts, templates: 16 are left for them), so a batch under `ulimit -n 32` still writes every
    /// report, in groups of 7.
    static func groupSize(threads: Int, openFileLimit: Int? = currentOpenFileLimit()) -> Int {
        guard let limit = openFileLimit else { return largestGroup }
        return max(2, min(largestGroup, (limit - 16 - 2 * threads) / 2))
    }

    /// The drawing threads a batch may start under the open-file limit: each holds a report's
    /// staged file and its fonts while the groups wait to be named, besides the program's own 16;
    /// 0 when even one does not fit (the batch is refused before it writes anything). Under
    /// `ulimit -n 16`, 64 threads once wrote a different random dozen of 100 reports each run.
    package static func threadsThatFit(_ wanted: Int, openFileLimit: Int? = currentOpenFileLimit()) -> Int {
        guard let limit = openFileLimit else { return wanted }
        // Two groups of at least two files open, then three descriptors a thread.
        let spare = limit - 16 - 2 * 2
        return spare < 3 ? 0 : min(wanted, spare / 3)
    }

    /// The soft limit on open files (RLIMIT_NOFILE); nil when unlimited or unknown.
    package static func currentOpenFileLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    func run(_ reader: HistoryReader, cancellation: BatchCancellation, events: BatchEvents) throws(HistoryReadError) -> BatchSummary {
        var summary = BatchSummary()
        var read = 0
        let options = options, folder = folder
        // Made in order, not yet named or reported; a report is "written" once it is on disk.
        var group: [Made] = []
        var groupedBytes = 0
        // The group before, being flushed to disk in the background while the next is drawn;
        // named and reported, in order, once it is there.
        var flushing: [Made] = []
        let flush = BackgroundFlush()
        // After the last group is named (the defer below, in the loop's scope, runs first).
        defer { flush.finish() }
        let groupSize = Self.groupSize(threads: options.threads)
        func nameFlushed() {
            flush.wait()
            for made in flushing {
                let outcome = Self.commit(made, replacing: options.overwrite)
                summary.count(outcome)
                events.entry(outcome)
                events.progress(BatchProgress(phase: .writingFiles, done: summary.done, total: reader.count))
                if options.failFast, summary.failed > 0 { summary.stoppedAtFailure = true }
                if summary.unusableOutput == nil, case .unwritable(let error) = outcome.result, error.outputIsUnusable {
                    summary.unusableOutput = error
                }
            }
            flushing.removeAll(keepingCapacity: true)
        }
        // Names the group before, then hands this one to the flush; with `waiting`, names it too
        // before returning (a failure is told at once, and a batch's end waits for its files).
        func commitGroup(waiting: Bool) {
            nameFlushed()
            swap(&flushing, &group)
            groupedBytes = 0
            flush.start(flushing.compactMap(\.file))
            if waiting { nameFlushed() }
        }
        do {
            defer { commitGroup(waiting: true) }
            try OrderedWorkers<HistoryItem, Made>(threads: options.threads).run(
                makeState: { Result { () throws(ReportError) in try ReportGenerator(options: options.report) } },
                next: { () throws(HistoryReadError) -> HistoryItem? in
                    guard !cancellation.isCancelled, !summary.stopsEarly, let item = try reader.next() else { return nil }
                    read += 1
                    return item
                },
                work: { generator, item in Self.make(item, generator: generator, options: options, folder: folder) },
                deliver: { made in
                    group.append(made)
                    groupedBytes += made.file?.length ?? 0
                    // An entry without a file (failed, kept) is told at once: --fail-fast stops there.
                    if made.file == nil {
                        commitGroup(waiting: true)
                    } else if group.count >= groupSize || groupedBytes >= Self.groupByteLimit {
                        commitGroup(waiting: false)
                    }
                    return !cancellation.isCancelled && !summary.stopsEarly
                })
        } catch let error as HistoryReadError {
            throw error
        } catch {
            throw .unreadable("\(error)")
        }
        summary.wasCancelled = cancellation.isCancelled
        summary.skipped += (reader.count ?? read) - read + (read - summary.done)
        return summary
    }

    /// One entry from input to a temporary file; runs on a worker's thread.
    private static func make(_ item: HistoryItem, generator: Result<ReportGenerator, ReportError>, options: BatchOptions,
                             folder: String) -> Made {
        let entry = item.decode()
        let decoded: DecodedJob
        do {
            decoded = try entry.result.get()
        } catch {
            return Made(outcome: BatchEntryOutcome(item, id: entry.id, .failed(.input(error))), file: nil)
        }
        // Directory hints given: without them URL asks the file system whether each path is a
        // folder, a system call a report.
        let path = URL(filePath: folder, directoryHint: .isDirectory)
            .appending(path: BatchFileName.name(for: decoded.job, index: item.index), directoryHint: .notDirectory).path
        // A file kept from an earlier run costs no work (the commit checks again, atomically).
        if !options.overwrite, FileStatus(linkAt: path) != nil {
            return Made(outcome: BatchEntryOutcome(item, id: entry.id, .skipped(path: path), warnings: decoded.warnings), file: nil)
        }
        let report: Report
        do {
            report = try generator.get().report(from: decoded, source: entry.source)
        } catch {
            return Made(outcome: BatchEntryOutcome(item, id: entry.id, .failed(error), warnings: decoded.warnings), file: nil)
        }
        let warnings = report.warnings + (report.plan.map { options.recordCheck?.missing(in: $0.job) ?? [] } ?? [])
        let written = BatchEntryOutcome(item, id: entry.id, .written(path: path), warnings: warnings, failingContrast: report.failingContrast)
        do {
            // Named by data: made in the folder under that name, never through a link there
            // nor onto a pipe or a device.
            let file = try StagedFile(dataNamed: path, protecting: options.inputs)
            try file.append(report.pdf ?? [])
            return Made(outcome: written, file: file)
        } catch {
            return Made(outcome: written.with(.unwritable(RenderError(error))), file: nil)
        }
    }

    /// Puts a made report under its name, once its group is on disk; on the reporting thread.
    private static func commit(_ made: Made, replacing: Bool) -> BatchEntryOutcome {
        guard let file = made.file, case .written(let path) = made.outcome.result else { return made.outcome }
        do {
            return try file.commit(replacing: replacing) ? made.outcome : made.outcome.with(.skipped(path: path))
        } catch {
            return made.outcome.with(.unwritable(RenderError(error)))
        }
    }
}

extension BatchSummary {
    /// Entries with an outcome.
    var done: Int { written + failed + skipped }

    /// No further entry is started: `failFast` met a failure, or the output takes no more files.
    public var stopsEarly: Bool { stoppedAtFailure || unusableOutput != nil }

    mutating func count(_ outcome: BatchEntryOutcome) {
        switch outcome.result {
        case .written, .included: written += 1
        case .skipped: skipped += 1
        case .failed: failed += 1
        case .unwritable:
            failed += 1
            unwritable += 1
        }
        warnings += outcome.warnings.count
    }
}

/// Where a batch reports what happens, as it happens, on the thread that started it.
package struct BatchEvents {
    public var entry: (BatchEntryOutcome) -> Void
    public var progress: (BatchProgress) -> Void

    public init(entry: @escaping (BatchEntryOutcome) -> Void = { _ in }, progress: @escaping (BatchProgress) -> Void = { _ in }) {
        self.entry = entry
        self.progress = progress
    }
}
