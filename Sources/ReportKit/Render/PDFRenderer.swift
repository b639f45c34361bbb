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

    public func render(_ document: LaidOutDocument) throws(RenderError) -> [UInt8] {
        defer { text.endDocument() }
        guard let first = document.pages.first else { throw RenderError("the document has no pages") }
        let sink = CairoByteSink()
        try withExtendedLifetime(sink) { () throws(RenderError) in
            let surface = try CairoSurface(cairo_pdf_surface_create_for_stream(CairoByteSink.write, sink.closure,
                                                                               first.size.width, first.size.height), what: "a PDF surface")
            setMetadata(document.info, on: surface)
            let context = try CairoContext(surface: surface)
            let painter = CairoPainter(context: context, text: text)
            cairo_tag_begin(context.pointer, "Document", nil)
            for page in document.pages {
                cairo_pdf_surface_set_size(surface.pointer, page.size.width, page.size.height)
                try painter.draw(page.commands)
                cairo_show_page(context.pointer)
            }
            cairo_tag_end(context.pointer, "Document")
            addOutline(document.outline, to: surface)
            try context.checkStatus()
            try surface.finish()
        }
        return try TaggedPDFMarker.mark(sink.bytes, language: document.info.language)
    }

    private func setMetadata(_ info: DocumentInfo, on surface: CairoSurface) {
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
        let date = Self.pdfDate(info.resolvedCreationDate() ?? Date(timeIntervalSince1970: 0))
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, date)
    }

    static func pdfDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(String(format: "%04d", c.year ?? 1970))-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    /// Adds the outline, each entry under the nearest earlier entry of a lower level.
    private func addOutline(_ items: [OutlineItem], to surface: CairoSurface) {
        var parents: [Int32] = []
        for item in items {
            let level = min(item.level, parents.count)
            parents.removeLast(parents.count - level)
            let parent = parents.last ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
            let id = cairo_pdf_surface_add_outline(surface.pointer, parent, item.title,
                                                   "dest='\(CairoPainter.escaped(item.destination))'", CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents.append(id)
        }
    }
}
