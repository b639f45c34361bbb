internal import CCairo
import FoundationEssentials
import Glibc

/// Renders laid-out pages to a vector PDF: fonts embedded and subset by cairo, text selectable,
/// a tagged structure, links, an outline, and document information. The same document and
/// creation date give the same bytes.
package struct PDFRenderer: Sendable {
    package let text: PangoTextEngine

    package init(text: PangoTextEngine) {
        self.text = text
    }

    /// The render stage alone: cairo's PDF, for ``PDFFinisher`` to finish.
    package func draw(_ document: LaidOutDocument) throws(RenderError) -> RenderedPDF {
        let (bytes, writer) = try drawn(document, linksByFinishing: true)
        return RenderedPDF(bytes: bytes, info: document.info, structure: writer.structure, links: writer.links,
                           producer: PDFWriter.producer)
    }

    /// The render stage for a plain PDF: cairo makes the links itself.
    func drawPlain(_ document: LaidOutDocument) throws(RenderError) -> [UInt8] {
        try drawn(document, linksByFinishing: false).bytes
    }

    private func drawn(_ document: LaidOutDocument, linksByFinishing: Bool) throws(RenderError) -> (bytes: [UInt8], writer: PDFWriter) {
        guard let first = document.pages.first else { throw RenderError("the document has no pages") }
        let sink = CairoByteSink()
        let writer = try PDFWriter(text: text, info: document.info, pageSize: first.size, linksByFinishing: linksByFinishing,
                                   stream: CairoByteSink.write, closure: sink.closure, keeping: sink)
        try writer.add(document.pages)
        try writer.finish(outline: document.outline)
        return (sink.bytes, writer)
    }

    /// The whole document as bytes in memory, rendered and finished to `standard` with
    /// `attachments` carried inside.
    package func render(_ document: LaidOutDocument, standard: PDFStandard = .archivalAccessible,
                       attachments: [PDFAttachment] = []) throws(RenderError) -> [UInt8] {
        guard standard != .none else {
            let plain = RenderedPDF(bytes: try drawPlain(document), info: document.info, structure: StructureElements(), links: [], producer: PDFWriter.producer)
            return try PDFFinisher(standard: .none).finish(plain, attachments: [])
        }
        return try PDFFinisher(standard: standard).finish(try draw(document), attachments: attachments)
    }
}

/// Writes one PDF into a file a part at a time, so that a document of thousands of pages (a
/// season's history) is never held in memory: cairo writes each page out as it is finished.
/// Nothing is under the file's name until ``finish(outline:replacing:)``; dropped before that,
/// the partial file is removed.
package final class PDFFileWriter {
    private let file: StagedFile
    private let sink: CairoFileSink
    private let writer: PDFWriter
    private let info: DocumentInfo
    private let standard: PDFStandard
    private var attachments: [StoredAttachment] = []

    /// Starts the document for `path`, which must not be one of `inputs` (the files being read).
    public init(path: String, text: PangoTextEngine, info: DocumentInfo, pageSize: Size = .a4,
                standard: PDFStandard = .archivalAccessible, protecting inputs: Set<FileIdentity> = []) throws(RenderError) {
        if let problem = ReportKitProcess.environmentProblem(drawingIntoFile: true) { throw RenderError(problem) }
        do {
            file = try StagedFile(for: path, protecting: inputs)
        } catch {
            throw RenderError(error)
        }
        sink = CairoFileSink(file)
        self.info = info
        self.standard = standard
        writer = try PDFWriter(text: text, info: info, pageSize: pageSize, linksByFinishing: standard != .none,
                               stream: CairoFileSink.write, closure: sink.closure, keeping: sink)
    }

    /// Files to carry inside the finished document (with the standard that attaches them),
    /// kept compressed until then.
    public func attach(_ files: [PDFAttachment]) throws(RenderError) {
        attachments += try files.map(StoredAttachment.init)
    }

    /// Draws `pages` after those already added.
    public func add(_ pages: [Page]) throws(RenderError) {
        try writer.add(pages)
        try sink.check()
    }

    /// Completes the PDF with its outline, finishes it (an update appended to what cairo wrote,
    /// read back from the file where needed) and puts it under its name.
    public func finish(outline: [OutlineItem], replacing: Bool = true) throws(RenderError) {
        try writer.finish(outline: outline)
        try sink.flush()
        let rendered = RenderedPDF(bytes: [], info: info, structure: writer.structure, links: writer.links, producer: PDFWriter.producer)
        // The update is appended as it is made; it reads only cairo's part, which it never changes.
        let file = file
        try PDFFinisher(standard: standard).update(for: file.contents, rendered: rendered, attachments: attachments) { bytes throws(RenderError) in
            do throws(OutputError) { try file.append(bytes) } catch { throw RenderError(error) }
        }
        do throws(OutputError) {
            guard try file.commit(replacing: replacing) else { throw OutputFile.exists(file.path) }
        } catch {
            throw RenderError(error)
        }
    }
}

/// The cairo surface and context of one PDF being written to a stream.
final class PDFWriter {
    private let text: PangoTextEngine
    private let surface: CairoSurface
    private let context: CairoContext
    private let painter: CairoPainter
    private var pageCount = 0

    /// What each structure element drawn so far carries, in the order of cairo's tree.
    var structure: StructureElements { painter.structure }
    /// The links drawn so far, left to the finishing stage.
    var links: [LinkAnnotation] { painter.links ?? [] }

    /// The PDF's producer, for its metadata.
    static let producer = "cairo \(String(cString: cairo_version_string()))"

    /// `sink` is the object `closure` points into, kept alive as long as the surface.
    init(text: PangoTextEngine, info: DocumentInfo, pageSize: Size, linksByFinishing: Bool, stream: cairo_write_func_t,
         closure: UnsafeMutableRawPointer, keeping sink: AnyObject? = nil) throws(RenderError) {
        self.text = text
        surface = try CairoSurface(cairo_pdf_surface_create_for_stream(stream, closure, pageSize.width, pageSize.height), what: "a PDF surface",
                                   writingInto: sink)
        if let version = CairoOutputContract.requestedPDFVersion { cairo_pdf_surface_restrict_to_version(surface.pointer, version) }
        Self.setMetadata(info, on: surface)
        context = try CairoContext(surface: surface)
        painter = CairoPainter(context: context, text: text, linksByFinishing: linksByFinishing)
    }

    func add(_ pages: [Page]) throws(RenderError) {
        // The layouts measured for these pages are not needed once they are drawn.
        defer { text.endDocument() }
        for page in pages {
            cairo_pdf_surface_set_size(surface.pointer, page.size.width, page.size.height)
            painter.page = (pageCount, page.size.height)
            try painter.draw(page.commands)
            cairo_show_page(context.pointer)
            pageCount += 1
        }
    }

    func finish(outline: [OutlineItem]) throws(RenderError) {
        guard pageCount > 0 else { throw RenderError("the document has no pages") }
        addOutline(outline)
        try context.checkStatus()
        try surface.finish()
    }

    private static func setMetadata(_ info: DocumentInfo, on surface: CairoSurface) {
        let fields: [(cairo_pdf_metadata_t, String?)] = [
            (CAIRO_PDF_METADATA_TITLE, info.title), (CAIRO_PDF_METADATA_AUTHOR, info.author),
            (CAIRO_PDF_METADATA_SUBJECT, info.subject), (CAIRO_PDF_METADATA_KEYWORDS, info.keywords),
            (CAIRO_PDF_METADATA_CREATOR, info.creator),
        ]
        for (key, value) in fields {
            if let value { cairo_pdf_surface_set_metadata(surface.pointer, key, value) }
        }
        // Always UTC with "Z": cairo 1.16 writes offsets wrongly. Without a date, the epoch keeps
        // the output reproducible instead of stamping the time of the run.
        let date = pdfDate(info.resolvedCreationDate() ?? Date(timeIntervalSince1970: 0))
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, date)
    }

    static func pdfDate(_ date: Date) -> String {
        let c = CivilTime(date)
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        return "\(c.isoDate)T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    /// Adds the outline, each entry under the nearest earlier entry of a lower level. An entry
    /// whose destination was never drawn (its section was empty) is left out: cairo 1.18 writes
    /// such an entry's target from the page of the tag that named it, and an outline entry has
    /// none, so it fails an assertion (or reads before its page list without one).
    private func addOutline(_ items: [OutlineItem]) {
        var parents: [Int32] = []
        for item in items where painter.destinations.contains(item.destination) {
            let level = min(item.level, parents.count)
            parents.removeLast(parents.count - level)
            let parent = parents.last ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
            let id = cairo_pdf_surface_add_outline(surface.pointer, parent, item.title,
                                                   "dest='\(CairoPainter.escaped(item.destination))'",
                                                   item.isCollapsed ? cairo_pdf_outline_flags_t(0) : CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents.append(id)
        }
    }
}
