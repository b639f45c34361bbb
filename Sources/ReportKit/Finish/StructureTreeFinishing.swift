/// Completes the structure tree cairo 1.16 writes (PDF/UA-1, 7.1–7.5, 7.18): one Document element
/// at its root, and on each element what the layout said of it and cairo could not write: a
/// figure's /Alt, a header cell's /Scope; and the links, as annotations tagged as Link elements.
enum StructureTreeFinishing {
    /// `details` has one entry per structure element cairo made, in the order it made them,
    /// which is the tree's depth-first order.
    static func finish(_ document: QPDFDocument, details: [StructureDetails], links: [LinkAnnotation]) throws(RenderError) {
        let catalog = document.root
        guard let root = catalog["StructTreeRoot"] else { throw RenderError("the PDF from cairo has no structure tree") }
        let elements = elementsInOrder(under: root)
        guard elements.count == details.count else {
            throw RenderError("the PDF's structure tree has \(elements.count) elements where \(details.count) were drawn")
        }
        for (element, details) in zip(elements, details) {
            apply(details, to: element, in: document)
        }
        wrapInDocument(root, document: document)
        try LinkFinishing.add(links, to: document, root: root, elements: elements)
        try document.check("cannot complete the PDF's structure tree")
    }

    /// The structure elements under `node`, parents before their children, in reading order.
    static func elementsInOrder(under node: PDFObject) -> [PDFObject] {
        var elements: [PDFObject] = []
        var stack = Array((node["K"]?.items ?? []).reversed())
        while let kid = stack.popLast() {
            guard kid.isDictionary, kid["S"] != nil else { continue }
            elements.append(kid)
            stack += (kid["K"]?.items ?? []).reversed()
        }
        return elements
    }

    private static func apply(_ details: StructureDetails, to element: PDFObject, in document: QPDFDocument) {
        if let words = details.alternativeText { element["Alt"] = document.text(words) }
        if let scope = details.scope {
            let attributes = document.dictionary()
            attributes["O"] = document.name("Table")
            attributes["Scope"] = document.name(scope.rawValue)
            element["A"] = attributes
        }
    }

    /// Cairo 1.16 drops a tag that spans pages, so the document's own Document tag never reaches
    /// the tree; the elements it made are put under one here.
    private static func wrapInDocument(_ root: PDFObject, document: QPDFDocument) {
        let kids = root["K"]?.items ?? []
        if kids.count == 1, kids[0]["S"]?.name == "Document" { return }
        let wrapper = document.indirect(document.parse("<< /Type /StructElem /S /Document >>"))
        wrapper["P"] = root
        let array = document.array()
        for kid in kids {
            if kid.isDictionary { kid["P"] = wrapper }
            array.append(kid)
        }
        wrapper["K"] = array
        let top = document.array()
        top.append(wrapper)
        root["K"] = top
    }
}
