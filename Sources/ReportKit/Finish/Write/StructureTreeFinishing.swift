/// Completes the structure tree cairo 1.16 writes (PDF/UA-1, 7.1–7.5, 7.18): one Document element
/// at its root, and on each element what the layout said of it and cairo could not write: a
/// figure's /Alt, a header cell's /Scope, a spanning cell's /RowSpan; and the links, as annotations tagged as Link elements.
enum StructureTreeFinishing {
    /// `details` counts the structure elements cairo made, in the order it made them (the tree's
    /// depth-first order), with what those that carry any carry.
    static func finish(_ update: PDFIncrementalUpdate, details: StructureElements, links: [LinkAnnotation]) throws(RenderError) {
        let catalogReference = try update.file.rootReference
        let catalog = try update.dictionary(catalogReference)
        guard let rootReference = catalog["StructTreeRoot"]?.reference else { throw RenderError("the PDF from cairo has no structure tree") }
        var root = try update.dictionary(rootReference)
        // The walk reads only each element's type and kids; the few elements that carry details
        // are read whole when they are completed, so a document holds references, not every
        // element of every page.
        let elements = try elementsInOrder(under: root, in: update)
        guard elements.count == details.count else {
            throw RenderError("the PDF's structure tree has \(elements.count) elements where \(details.count) were drawn")
        }
        // Cairo 1.16 drops a tag that spans pages, so a Document tag never reaches the tree: one is
        // made here, and it takes the object number of cairo's tree root, which every top-level
        // element already names as its parent (/P); the root moves to a new object. So no
        // top-level element is written again: a combined document has thousands of them.
        let document = rootReference
        let newRoot = update.add(.null)
        try update.set(document, PDFDictionary([
            ("Type", .name("StructElem")), ("S", .name("Document")), ("P", .reference(newRoot)), ("K", root["K"] ?? .array([])),
        ]))
        root["K"] = .array([.reference(document)])
        var movedCatalog = catalog
        movedCatalog["StructTreeRoot"] = .reference(newRoot)
        try update.set(catalogReference, movedCatalog)
        // Links first: they add to their elements' /K. Then each element is completed and written
        // out, never to change again.
        try LinkFinishing.add(links, to: update, root: &root, elements: elements, document: document)
        var next = details.withDetails.makeIterator()
        var entry = next.next()
        for (index, reference) in elements.enumerated() {
            if let found = entry, found.position == index {
                var element = try update.dictionary(reference)
                if let words = found.details.alternativeText { element["Alt"] = .text(words) }
                let tableAttributes: [(String, PDFValue)] = [
                    found.details.scope.map { ("Scope", .name($0.rawValue)) },
                    found.details.rowSpan.map { ("RowSpan", .integer($0)) },
                ].compactMap { $0 }
                if !tableAttributes.isEmpty {
                    element["A"] = .dictionary(PDFDictionary([("O", .name("Table"))] + tableAttributes))
                }
                try update.set(reference, element)
                entry = next.next()
            }
            try update.flush(reference)
        }
        try update.set(newRoot, root)
        try update.flush(document)
    }

    /// The structure elements under `root`, parents before their children, in reading order.
    /// Each is read for its /S and /K alone: the rest of an element (its parent, page, attributes)
    /// is passed over unparsed (``PDFIncrementalUpdate/entries(_:of:)``).
    static func elementsInOrder(under root: PDFDictionary, in update: PDFIncrementalUpdate) throws(RenderError) -> [PDFReference] {
        var references: [PDFReference] = []
        var stack = Array((root["K"]?.items ?? []).reversed())
        while let kid = stack.popLast() {
            // Elements are indirect objects; marked-content ids and object references are not.
            guard let reference = kid.reference else { continue }
            let element = try update.entries(["S", "K"], of: reference)
            guard element["S"] != nil else { continue }
            references.append(reference)
            stack += (element["K"]?.items ?? []).reversed()
        }
        return references
    }
}
