import CCairo
import Foundation

/// Renders laid-out pages to a vector PDF: fonts embedded and subset by cairo, text selectable,
/// a tagged structure, links, an outline, and document information. The same document and
/// creation date give the same bytes.
public struct PDFRenderer: Sendable {
    public let text: PangoTextEngine

    public init(text: PangoTextEngine) {
        self.text = text
    }

    /// The whole document as bytes in memory.
    public func render(_ document: LaidOutDocument) throws(RenderError) -> [UInt8] {
        guard let first = document.pages.first else { throw RenderError("the document has no pages") }
        let sink = CairoByteSink()
        let writer = try PDFWriter(text: text, info: document.info, pageSize: first.size, stream: CairoByteSink.write, closure: sink.closure)
        try withExtendedLifetime(sink) { () throws(RenderError) in
            try writer.add(document.pages)
            try writer.finish(outline: document.outline)
        }
        return try TaggedPDFMarker.mark(sink.bytes, language: document.info.language)
    }
}

/// Writes one PDF into a file a part at a time, so that a document of thousands of pages (a
/// season's history) is never held in memory: cairo writes each page out as it is finished.
/// Nothing is under the file's name until ``finish(outline:replacing:)``; dropped before that,
/// the partial file is removed.
public final class PDFFileWriter {
    private let file: StagedFile
    private let sink: CairoFileSink
    private let writer: PDFWriter
    private let language: String?

    /// Starts the document for `path`, which must not be one of `inputs` (the files being read).
    public init(path: String, text: PangoTextEngine, info: DocumentInfo, pageSize: Size = .a4,
                protecting inputs: Set<FileIdentity> = []) throws(RenderError) {
        file = try StagedFile(for: path, protecting: inputs)
        sink = CairoFileSink(file)
        language = info.language
        writer = try PDFWriter(text: text, info: info, pageSize: pageSize, stream: CairoFileSink.write, closure: sink.closure)
    }

    /// Draws `pages` after those already added.
    public func add(_ pages: [Page]) throws(RenderError) {
        try writer.add(pages)
        try sink.check()
    }

    /// Completes the PDF with its outline and puts it under its name.
    public func finish(outline: [OutlineItem], replacing: Bool = true) throws(RenderError) {
        try writer.finish(outline: outline)
        try sink.flush()
        try file.append(try markedUpdate())
        guard try file.commit(replacing: replacing) else { throw OutputFile.exists(file.path) }
    }

    /// Cairo's catalog, cross-reference table and trailer are at the end; their length grows with
    /// the page count, so the tail is read in growing pieces until it holds them.
    private func markedUpdate() throws(RenderError) -> [UInt8] {
        var count = 64 * 1024
        while true {
            let tail = try file.tail(count)
            if let update = try TaggedPDFMarker.update(tail: tail, length: file.length, language: language) { return update }
            count *= 8
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

    init(text: PangoTextEngine, info: DocumentInfo, pageSize: Size, stream: cairo_write_func_t, closure: UnsafeMutableRawPointer) throws(RenderError) {
        self.text = text
        surface = try CairoSurface(cairo_pdf_surface_create_for_stream(stream, closure, pageSize.width, pageSize.height), what: "a PDF surface")
        Self.setMetadata(info, on: surface)
        context = try CairoContext(surface: surface)
        painter = CairoPainter(context: context, text: text)
        cairo_tag_begin(context.pointer, "Document", nil)
    }

    func add(_ pages: [Page]) throws(RenderError) {
        // The layouts measured for these pages are not needed once they are drawn.
        defer { text.endDocument() }
        for page in pages {
            cairo_pdf_surface_set_size(surface.pointer, page.size.width, page.size.height)
            try painter.draw(page.commands)
            cairo_show_page(context.pointer)
            pageCount += 1
        }
    }

    func finish(outline: [OutlineItem]) throws(RenderError) {
        guard pageCount > 0 else { throw RenderError("the document has no pages") }
        cairo_tag_end(context.pointer, "Document")
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

    /// Adds the outline, each entry under the nearest earlier entry of a lower level.
    private func addOutline(_ items: [OutlineItem]) {
        var parents: [Int32] = []
        for item in items {
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
