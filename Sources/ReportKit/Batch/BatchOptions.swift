import Synchronization

/// How `report-gen batch` runs.
package struct BatchOptions: Sendable {
    /// The template, theme, language and credit of every job's report.
    public var report: ReportOptions
    /// The template of a combined document's cover.
    public var coverTemplate: String
    /// Worker threads; the output is the same bytes for any number.
    public var threads: Int
    /// Replace files that are already there (otherwise they are left and counted as skipped).
    public var overwrite: Bool
    /// Stop at the first entry that fails.
    public var failFast: Bool
    /// The files the batch reads (the history, a template, a tokens file): no output may be one
    /// of them, whatever name or link leads there.
    public var inputs: Set<FileIdentity>
    /// A jurisdiction whose record's missing fields are warned of for each job (`--record-check`).
    public var recordCheck: RecordJurisdiction?

    public init(report: ReportOptions = ReportOptions(), coverTemplate: String = "history-summary", threads: Int = 1,
                overwrite: Bool = false, failFast: Bool = false, inputs: Set<FileIdentity> = [], recordCheck: RecordJurisdiction? = nil) {
        self.inputs = inputs
        self.recordCheck = recordCheck
        self.report = report
        self.coverTemplate = coverTemplate
        self.threads = threads
        self.overwrite = overwrite
        self.failFast = failFast
    }
}

/// A stop asked for from outside (Ctrl-C): no new job starts, jobs already started finish.
package final class BatchCancellation: Sendable {
    private let flag = Atomic(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// What became of one entry of the history.
package struct BatchEntryOutcome: Sendable {
    package enum Result: Sendable {
        /// Written to this file (or, in a combined document, laid out as these pages).
        case written(path: String)
        /// Laid out for the combined document.
        case included(pages: Int)
        /// Not written: the file was already there and `overwrite` is off.
        case skipped(path: String)
        /// The entry's report could not be made.
        case failed(ReportError)
        /// The report was made but its file could not be written (a full disk, a read-only folder).
        case unwritable(RenderError)
    }

    /// The entry's position in the history, from 0.
    public let index: Int
    public let id: String?
    /// Its line, in JSON Lines.
    public let line: Int?
    public let result: Result
    /// What a person should look at twice (input and plan warnings).
    public let warnings: [Diagnostic]
    /// Colour pairs of the template that fail WCAG AA (a custom template or palette).
    public var contrastFailures: [String] { failingContrast.map(\.description) }
    // Put into words only when shown: a template that fails does so in every report of a batch,
    // and most batches show none of them (`--quiet`, no terminal).
    private let failingContrast: [ContrastUse]

    init(_ item: HistoryItem, id: String?, _ result: Result, warnings: [Diagnostic] = [], failingContrast: [ContrastUse] = []) {
        index = item.index
        line = item.line
        self.id = id
        self.result = result
        self.warnings = warnings
        self.failingContrast = failingContrast
    }

    /// The same entry with another result.
    func with(_ result: Result) -> BatchEntryOutcome {
        BatchEntryOutcome(index: index, id: id, line: line, result: result, warnings: warnings, failingContrast: failingContrast)
    }

    private init(index: Int, id: String?, line: Int?, result: Result, warnings: [Diagnostic], failingContrast: [ContrastUse]) {
        self.index = index
        self.id = id
        self.line = line
        self.result = result
        self.warnings = warnings
        self.failingContrast = failingContrast
    }

    /// "entry 4 (line 4, id "calc-17")": how messages name the entry.
    public var name: String {
        var details: [String] = []
        if let line { details.append("line \(line)") }
        if let id {
            // Quoted and escaped (a control character in an id must not reach the terminal), and cut.
            let shown = id.count > 40 ? String(id.prefix(40)) + "…" : id
            details.append("id \(String(reflecting: shown))")
        }
        return "entry \(index + 1)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }
}

/// How far a batch has come, for a progress display.
package struct BatchProgress: Sendable {
    package enum Phase: String, Sendable {
        /// Reading and writing one file per job.
        case writingFiles = "writing"
        /// A combined document's first pass: reading and laying out every job to count its pages.
        case layingOut = "laying out"
        /// A combined document's second pass: drawing the pages into the file.
        case writingDocument = "writing pages"
    }

    public let phase: Phase
    public let done: Int
    /// Nil when the total is not known (JSON Lines from a pipe).
    public let total: Int?
}

/// What a batch did.
package struct BatchSummary: Sendable {
    public var written = 0
    /// Entries whose report could not be made or written.
    public var failed = 0
    /// Of the failed, those whose file could not be written.
    public var unwritable = 0
    /// Files already there and kept, and entries never started (a stop, `failFast`).
    public var skipped = 0
    public var warnings = 0
    /// Pages of the combined document (0 for files per job).
    public var pages = 0
    /// The combined document's path, when one was written.
    public var document: String?
    public var wasCancelled = false
    /// Stopped early at a failure (`failFast`).
    public var stoppedAtFailure = false
    /// Stopped early because the output's place takes no more files (disk full, read-only):
    /// the first such error.
    public var unusableOutput: RenderError?

    public init() {}
}

/// Why a batch stopped before its end.
package enum BatchError: Error, Sendable, CustomStringConvertible {
    /// The templates, theme, locale or fonts could not be loaded.
    case setup(ReportError)
    /// The history cannot be read.
    case history(HistoryReadError)
    /// The output cannot be written.
    case unwritable(RenderError)
    /// A combined document could not be drawn.
    case render(RenderError)
    /// No entry could be used, so there is no document to write.
    case nothingToWrite(BatchSummary)

    public var description: String {
        switch self {
        case .setup(let error): error.description
        case .history(let error): error.description
        case .unwritable(let error): error.description
        case .render(let error): error.description
        case .nothingToWrite: "no entry of the history could be used; no document was written"
        }
    }
}
