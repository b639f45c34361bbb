import CQPDF
import Foundation

/// A PDF as the render stage leaves it: cairo's bytes, with what the finishing stage needs to know
/// of how they were drawn.
public struct RenderedPDF: Sendable {
    public var bytes: [UInt8]
    public var info: DocumentInfo
    /// One entry per structure element cairo made, in the order of its tree.
    public var structure: [StructureDetails]
    /// The links drawn, which the finishing stage makes into annotations.
    public var links: [LinkAnnotation]
    /// What drew it ("cairo 1.16.0").
    public var producer: String
}

/// The finishing stage, after render: makes cairo's PDF a PDF/A-3b and PDF/UA-1 document
/// (``PDFStandard``) with its data attached. cairo 1.16 writes neither XMP, OutputIntent nor
/// artifacts, nor any attribute of a structure element, so the finisher reads cairo's file as a
/// model (``CairoPDFFile``), completes it object by object and appends the changed objects as an
/// incremental update: cairo's bytes stay as they are, and the same report gives the same bytes.
public struct PDFFinisher: Sendable {
    public let standard: PDFStandard

    public init(standard: PDFStandard) {
        self.standard = standard
    }

    /// The finished PDF in memory.
    public func finish(_ rendered: RenderedPDF, attachments: [PDFAttachment]) throws(RenderError) -> [UInt8] {
        rendered.bytes + (try update(for: .memory(rendered.bytes), rendered: rendered, attachments: attachments))
    }

    /// The bytes to append to cairo's PDF in `source`; with `sink`, they are handed to it as they
    /// are made instead (a combined document finished in its file) and none are returned.
    @discardableResult
    func update(for source: PDFBytes, rendered: RenderedPDF, attachments: [PDFAttachment],
                sink: (([UInt8]) throws(RenderError) -> Void)? = nil) throws(RenderError) -> [UInt8] {
        let update = PDFIncrementalUpdate(try CairoPDFFile(source), sink: sink)
        let rootReference = try update.file.rootReference
        var trailer = PDFDictionary([("Root", .reference(rootReference))])
        guard standard != .none else {
            // A plain PDF: tagged, with its language, and nothing else (cairo omits both).
            guard rendered.links.isEmpty else {
                throw RenderError("a plain PDF has its links made by cairo; render it with PDFRenderer.render(_:standard: .none)")
            }
            var catalog = try update.dictionary(rootReference)
            catalog["MarkInfo"] = .dictionary(PDFDictionary([("Marked", .bool(true))]))
            if let language = rendered.info.language { catalog["Lang"] = .text(language) }
            try update.set(rootReference, catalog)
            trailer["Info"] = update.file.trailer["Info"]
            return try update.write(trailer: trailer)
        }
        let producer = "ReportKit \(ReportKitVersion.current) (\(rendered.producer))"
        try StructureTreeFinishing.finish(update, details: rendered.structure, links: rendered.links)
        try PageFinishing.finish(update)
        var catalog = try update.dictionary(rootReference)
        trailer["Info"] = .reference(try DocumentMetadata.write(rendered.info, producer: producer, standard: standard, to: update, catalog: &catalog))
        let date = DocumentMetadata.pdfDate(rendered.info.resolvedCreationDate() ?? Date(timeIntervalSince1970: 0))
        try AssociatedFiles.attach(attachments, to: update, catalog: &catalog, date: date)
        try update.set(rootReference, catalog)
        return try update.write(trailer: trailer)
    }
}
