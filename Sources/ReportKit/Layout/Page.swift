import FoundationEssentials
import Glibc

/// One laid-out page: its size and what to draw on it, in page coordinates.
package struct Page: Sendable {
    public var size: Size
    public var commands: [DrawCommand]

    public init(size: Size, commands: [DrawCommand]) {
        self.size = size
        self.commands = commands
    }
}

/// A page's number and how many pages the document has, for "page X of Y".
package struct PageNumber: Sendable, Hashable {
    public let number: Int
    public let count: Int

    public init(number: Int, count: Int) {
        self.number = number
        self.count = count
    }

    /// How a laid-out part is numbered.
    package enum Scheme: Sendable, Hashable {
        /// The part is the whole document: pages 1 to its own count.
        case standalone
        /// The part starts at page `first` of a document of `count` pages.
        case within(first: Int, count: Int)

        func number(ofPage index: Int, in partCount: Int) -> PageNumber {
            switch self {
            case .standalone: PageNumber(number: index + 1, count: partCount)
            case .within(let first, let count): PageNumber(number: first + index, count: count)
            }
        }
    }
}

/// The page size, margins, and the header and footer drawn on every page.
package struct PageTemplate: Sendable {
    public var size: Size
    public var margins: EdgeInsets
    public var header: (@Sendable (PageNumber) -> any Element)?
    public var footer: (@Sendable (PageNumber) -> any Element)?
    /// Drawn at the top of every page but a report's first, under `header`: what a loose page
    /// is of (the report, field and date). The first page has the report's own heading instead,
    /// and its room for the body.
    public var runningHeader: (@Sendable (PageNumber) -> any Element)?
    /// Space between the header and the body, and between the body and the footer.
    public var spacing: Double
    /// Fills the whole page before anything else (a dark theme); nil leaves the paper as it is.
    public var background: Color?

    public init(size: Size = .a4, margins: EdgeInsets = EdgeInsets(all: 40), spacing: Double = 12, background: Color? = nil,
                header: (@Sendable (PageNumber) -> any Element)? = nil, footer: (@Sendable (PageNumber) -> any Element)? = nil) {
        self.background = background
        self.size = size
        self.margins = margins
        self.spacing = spacing
        self.header = header
        self.footer = footer
    }
}

/// An entry of the PDF's outline (bookmarks), pointing at a destination.
package struct OutlineItem: Sendable, Hashable {
    public var title: String
    public var destination: String
    /// 0 for a top-level entry, 1 for its children, and so on.
    public var level: Int
    /// Shows the entry's children closed (a long document's outline stays short).
    public var isCollapsed: Bool

    public init(title: String, destination: String, level: Int = 0, isCollapsed: Bool = false) {
        self.title = title
        self.destination = destination
        self.level = level
        self.isCollapsed = isCollapsed
    }
}

/// The PDF's document information.
package struct DocumentInfo: Sendable, Hashable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    /// When the document was made; with nil, `SOURCE_DATE_EPOCH` decides (see ``DocumentInfo/resolvedCreationDate``).
    public var creationDate: Date?
    /// The document's language as a BCP 47 tag ("pl", "en"), for screen readers.
    public var language: String?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                creator: String? = nil, creationDate: Date? = nil, language: String? = nil) {
        self.language = language
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.creationDate = creationDate
    }

    /// The creation date to write: the one given, else `SOURCE_DATE_EPOCH` (reproducible builds),
    /// else none, so that output never depends on the clock.
    public func resolvedCreationDate(environment: [String: String] = SourceDateEpoch.environment) -> Date? {
        if let creationDate { return creationDate }
        return SourceDateEpoch.date(in: environment)
    }
}

/// Pages ready to render, with the document's outline and information.
package struct LaidOutDocument: Sendable {
    public var pages: [Page]
    public var outline: [OutlineItem]
    public var info: DocumentInfo

    public init(pages: [Page], outline: [OutlineItem] = [], info: DocumentInfo = DocumentInfo()) {
        self.pages = pages
        self.outline = outline
        self.info = info
    }
}
