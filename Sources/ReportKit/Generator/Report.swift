/// What a report is made as.
public enum ReportOutput: Sendable, Equatable {
    /// One PDF, finished to ``ReportOptions/pdfStandard``, carrying what ``Report/attachments`` lists.
    case pdf
    /// One PNG image per page.
    case png(dpi: Double)
    /// Laid-out pages only, with their attachments, for a document that holds several reports
    /// (a combined document draws them into its own file).
    case pages
}

/// Where a report's pages fall: a document of its own, or one job's part of a combined document
/// (its destinations prefixed with the job's anchor, its pages numbered across the whole).
public enum ReportPlacement: Sendable, Equatable {
    case standalone
    /// Job `number` (from 1) of a combined document whose pages it starts at `firstPage` of `pageCount`.
    case inDocument(job: Int, firstPage: Int, pageCount: Int)
    /// Job `number` of a combined document, laid out alone to learn its page count.
    case measuring(job: Int)

    var job: Int? {
        switch self {
        case .standalone: nil
        case .inDocument(let job, _, _), .measuring(let job): job
        }
    }

    var isMeasuring: Bool {
        if case .measuring = self { return true }
        return false
    }

    var numbering: PageNumber.Scheme {
        switch self {
        case .inDocument(_, let first, let count): .within(first: first, count: count)
        case .standalone, .measuring: .standalone
        }
    }
}

/// A report made in one call (``ReportGenerator/report(from:output:)``): its pages, its bytes and
/// what the person making it should be told.
public struct Report: Sendable {
    /// What a report is of.
    package enum Subject: Sendable {
        /// One job, with its plan.
        case job(SprayPlan)
        /// A history's cover, listing this many jobs.
        case history(jobs: Int)
    }

    package let subject: Subject
    /// What the report was made as.
    public let output: ReportOutput
    /// The laid-out pages, their outline and the document's information.
    package let document: LaidOutDocument
    /// What the PDF carries inside (the job as read, its record and plan; a history and its record).
    package let attachments: [PDFAttachment]
    /// The bytes: the PDF alone for ``ReportOutput/pdf``, one PNG per page for
    /// ``ReportOutput/png(dpi:)``, nothing for ``ReportOutput/pages``.
    public let files: [[UInt8]]
    /// The input's and the plan's warnings (every job's, for a history), in order.
    public let warnings: [Diagnostic]
    /// Colour pairs the template draws below WCAG AA contrast (a user's own tokens or template).
    package let failingContrast: [ContrastUse]

    /// The PDF's bytes, when the report was made as a PDF.
    public var pdf: [UInt8]? { output == .pdf ? files.first : nil }

    /// The job's plan, for a report of one job.
    public var plan: SprayPlan? {
        if case .job(let plan) = subject { return plan }
        return nil
    }
}
