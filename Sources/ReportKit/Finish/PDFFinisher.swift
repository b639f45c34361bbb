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
/// artifacts, nor any attribute of a structure element, so the file is read with qpdf, completed
/// object by object, and written again whole with an /ID computed from its content, so the same
/// report still gives the same bytes.
public struct PDFFinisher: Sendable {
    public let standard: PDFStandard

    public init(standard: PDFStandard) {
        self.standard = standard
    }

    /// The finished PDF in memory.
    public func finish(_ rendered: RenderedPDF, attachments: [PDFAttachment]) throws(RenderError) -> [UInt8] {
        guard standard != .none else {
            guard rendered.links.isEmpty else {
                throw RenderError("a plain PDF has its links made by cairo; render it with PDFRenderer.render(_:standard: .none)")
            }
            return try TaggedPDFMarker.mark(rendered.bytes, language: rendered.info.language)
        }
        let document = try QPDFDocument(bytes: rendered.bytes, description: "the PDF from cairo")
        try complete(document, rendered: rendered, attachments: attachments)
        return try document.write(minimumVersion: Self.version)
    }

    /// Finishes the PDF in the file at `input` into the file at `output` (a large combined
    /// document is never held in memory whole).
    func finish(file input: String, into output: String, rendered: RenderedPDF, attachments: [PDFAttachment]) throws(RenderError) {
        let document = try QPDFDocument(path: input, description: "the PDF from cairo")
        try complete(document, rendered: rendered, attachments: attachments)
        _ = try document.write(to: output, minimumVersion: Self.version)
    }

    /// PDF/A-3 is built on PDF 1.7 (ISO 32000-1).
    static let version = "1.7"

    private func complete(_ document: QPDFDocument, rendered: RenderedPDF, attachments: [PDFAttachment]) throws(RenderError) {
        let producer = "\(rendered.producer), qpdf \(String(cString: qpdf_get_qpdf_version()))"
        try DocumentMetadata.write(rendered.info, producer: producer, standard: standard, to: document)
        try StructureTreeFinishing.finish(document, details: rendered.structure, links: rendered.links)
        try PageFinishing.finish(document)
        let date = DocumentMetadata.pdfDate(rendered.info.resolvedCreationDate() ?? .init(timeIntervalSince1970: 0))
        try AssociatedFiles.attach(attachments, to: document, date: date)
    }
}
