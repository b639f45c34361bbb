internal import CQPDF
import FoundationEssentials
import Glibc

/// A PDF as the render stage leaves it: cairo's bytes, with what the finishing stage needs to know
/// of how they were drawn.
package struct RenderedPDF: Sendable {
    package var bytes: [UInt8]
    package var info: DocumentInfo
    /// The structure elements cairo made, in the order of its tree, with what they carry.
    package var structure: StructureElements
    /// The links drawn, which the finishing stage makes into annotations.
    package var links: [LinkAnnotation]
    /// What drew it ("cairo 1.16.0").
    package var producer: String
}

/// The finishing stage, after render: makes cairo's PDF a PDF/A-3b and PDF/UA-1 document
/// (``PDFStandard``) with its data attached. cairo 1.16 writes neither XMP, OutputIntent nor
/// artifacts, nor any attribute of a structure element, so the finisher reads cairo's file as a
/// model (``CairoPDFFile``) and completes it object by object. A document in memory is then
/// written whole, cairo's unchanged objects copied byte for byte; one in a file (a combined
/// document of thousands of pages) gets the changed objects appended as an incremental update,
/// so cairo's part is never read whole. Either way the same report gives the same bytes.
package struct PDFFinisher: Sendable {
    package let standard: PDFStandard

    package init(standard: PDFStandard) {
        self.standard = standard
    }

    /// The finished PDF in memory, written whole: cairo's objects that finishing leaves as they
    /// are copied byte for byte, the changed ones in their place.
    package func finish(_ rendered: RenderedPDF, attachments: [PDFAttachment]) throws(RenderError) -> [UInt8] {
        let update = PDFIncrementalUpdate(try Self.readBack(.memory(rendered.bytes)))
        return try update.wholeFile(trailer: try complete(update, rendered: rendered, attachments: attachments.map(StoredAttachment.init)))
    }

    /// The bytes to append to cairo's PDF in `source` as an incremental update; with `sink`, they
    /// are handed to it as they are made instead (a combined document finished in its file) and
    /// none are returned.
    @discardableResult
    func update(for source: PDFBytes, rendered: RenderedPDF, attachments: [StoredAttachment],
                sink: (([UInt8]) throws(RenderError) -> Void)? = nil) throws(RenderError) -> [UInt8] {
        let update = PDFIncrementalUpdate(try Self.readBack(source), sink: sink)
        return try update.write(trailer: try complete(update, rendered: rendered, attachments: attachments))
    }

    /// cairo's file, read back once the running cairo and the file are known to be what
    /// finishing was made for (``CairoOutputContract``).
    private static func readBack(_ source: PDFBytes) throws(RenderError) -> CairoPDFFile {
        if let problem = CairoOutputContract.runtimeProblem { throw RenderError(problem, missingDependency: true, code: "render.cairo-series") }
        let file = try CairoPDFFile(source)
        try CairoOutputContract.check(file, everyObject: source.isInMemory)
        return file
    }

    /// Makes every change to `update` the standard asks for; the entries of the trailer.
    private func complete(_ update: PDFIncrementalUpdate, rendered: RenderedPDF, attachments: [StoredAttachment]) throws(RenderError) -> PDFDictionary {
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
            try StreamCompression.storeAll(in: update)
            trailer["Info"] = update.file.trailer["Info"]
            // Cairo dates every document; one without a date of its own says none.
            if rendered.info.resolvedCreationDate() == nil, case .reference(let reference)? = trailer["Info"] {
                var information = try update.dictionary(reference)
                information["CreationDate"] = nil
                information["ModDate"] = nil
                trailer["Info"] = .reference(update.add(.dictionary(information)))
            }
            return trailer
        }
        let producer = "ReportKit \(ReportKitVersion.current) (\(rendered.producer))"
        try StructureTreeFinishing.finish(update, details: rendered.structure, links: rendered.links)
        try PageFinishing.finish(update)
        var catalog = try update.dictionary(rootReference)
        trailer["Info"] = .reference(try DocumentMetadata.write(rendered.info, producer: producer, standard: standard, to: update, catalog: &catalog))
        let date = rendered.info.resolvedCreationDate().map(DocumentMetadata.pdfDate)
        try AssociatedFiles.attach(attachments, to: update, catalog: &catalog, date: date)
        try update.set(rootReference, catalog)
        return trailer
    }
}
