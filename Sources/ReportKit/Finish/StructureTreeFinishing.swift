/// Completes the structure tree cairo 1.16 writes (PDF/UA-1, 7.1–7.5, 7.18): one Document element
/// at its root, and on each element what the layout said of it and cairo could not write: a
/// figure's /Alt, a header cell's /Scope; and the links, as annotations tagged as Link elements.
enum StructureTreeFinishing {
    /// `details` has one entry per structure element cairo made, in the order it made them,
    /// which is the tree's depth-first order.
    static func finish(_ update: PDFIncrementalUpdate, details: [StructureDetails], links: [LinkAnnotation]) throws(RenderError) {
        let catalog = try update.dictionary(try update.file.rootReference)
        guard let rootReference = catalog["StructTreeRoot"]?.reference else { throw RenderError("the PDF from cairo has no structure tree") }
        var root = try update.dictionary(rootReference)
        let elements = try elementsInOrder(under: root, in: update)
        guard elements.count == details.count else {
            throw RenderError("the PDF's structure tree has \(elements.count) elements where \(details.count) were drawn")
        }
        for (reference, details) in zip(elements, details) where details != .none {
            var element = try update.dictionary(reference)
            if let words = details.alternativeText { element["Alt"] = .text(words) }
            if let scope = details.scope {
                element["A"] = .dictionary(PDFDictionary([("O", .name("Table")), ("Scope", .name(scope.rawValue))]))
            }
            try update.set(reference, element)
        }
        let document = try wrapInDocument(&root, rootReference: rootReference, update: update)
        try LinkFinishing.add(links, to: update, root: &root, elements: elements, document: document)
        try update.set(rootReference, root)
    }

    /// The structure elements under `root`, parents before their children, in reading order.
    static func elementsInOrder(under root: PDFDictionary, in update: PDFIncrementalUpdate) throws(RenderError) -> [PDFReference] {
        var elements: [PDFReference] = []
        var stack = Array((root["K"]?.items ?? []).reversed())
        while let kid = stack.popLast() {
            // Elements are indirect objects; marked-content ids and object references are not.
            guard let reference = kid.reference, let element = try update.object(reference).dictionary, element["S"] != nil else { continue }
            elements.append(reference)
            stack += (element["K"]?.items ?? []).reversed()
        }
        return elements
    }

    /// Cairo 1.16 drops a tag that spans pages, so a Document tag never reaches the tree; the
    /// elements it made are put under one here. The Document element.
    private static func wrapInDocument(_ root: inout PDFDictionary, rootReference: PDFReference,
                                       update: PDFIncrementalUpdate) throws(RenderError) -> PDFReference {
        let kids = root["K"]?.items ?? []
        if kids.count == 1, let only = kids[0].reference, try update.dictionary(only)["S"]?.name == "Document" { return only }
        let document = update.add(.dictionary(PDFDictionary([
            ("Type", .name("StructElem")), ("S", .name("Document")), ("P", .reference(rootReference)), ("K", .array(kids)),
        ])))
        for kid in kids {
            guard let reference = kid.reference else { continue }
            var element = try update.dictionary(reference)
            element["P"] = .reference(document)
            try update.set(reference, element)
        }
        root["K"] = .array([.reference(document)])
        return document
    }
}
