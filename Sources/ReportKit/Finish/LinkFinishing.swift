/// Makes the links drawn into link annotations, each the object of a Link structure element
/// inside the element that holds its words (PDF/UA-1, 7.18.5; PDF 32000-1, 14.8.4.4.2), with its
/// /Contents, printable (PDF/A-3, 6.3.2), and registered in the parent tree by its /StructParent.
enum LinkFinishing {
    static func add(_ links: [LinkAnnotation], to document: QPDFDocument, root: PDFObject, elements: [PDFObject]) throws(RenderError) {
        guard !links.isEmpty else { return }
        let pages = document.pages
        let tree = root["ParentTree"] ?? {
            let tree = document.indirect(document.parse("<< /Nums [] >>"))
            root["ParentTree"] = tree
            return tree
        }()
        var nextKey = max(root["ParentTreeNextKey"]?.integer ?? 0, largestKey(in: tree, pages: pages) + 1)
        let firstKey = nextKey
        let entries = document.array()
        let documentElement = root["K"]?.items.first

        for link in links {
            guard link.page < pages.count, let parent = link.element.map({ elements[$0] }) ?? documentElement else {
                throw RenderError("a link of the PDF is on no page or in no structure element")
            }
            let page = pages[link.page]
            let annotation = document.dictionary()
            annotation["Type"] = document.name("Annot")
            annotation["Subtype"] = document.name("Link")
            annotation["Rect"] = document.parse("[\(number(link.rect.minX)) \(number(link.rect.minY)) \(number(link.rect.maxX)) \(number(link.rect.maxY))]")
            annotation["Border"] = document.parse("[0 0 0]")
            annotation["F"] = document.integer(4)
            annotation["Contents"] = document.text(link.description)
            annotation["StructParent"] = document.integer(nextKey)
            switch link.target {
            case .uri(let uri):
                let action = document.dictionary()
                action["S"] = document.name("URI")
                action["URI"] = document.string(asciiURI(uri))
                annotation["A"] = action
            case .internalDestination(let name):
                annotation["Dest"] = document.text(name)
            }
            let annotationObject = document.indirect(annotation)
            let annotations = page["Annots"] ?? {
                let array = document.array()
                page["Annots"] = array
                return array
            }()
            annotations.append(annotationObject)

            let reference = document.dictionary()
            reference["Type"] = document.name("OBJR")
            reference["Obj"] = annotationObject
            reference["Pg"] = page
            let kids = document.array()
            kids.append(reference)
            let element = document.indirect(document.parse("<< /Type /StructElem /S /Link >>"))
            element["P"] = parent
            element["Pg"] = page
            element["K"] = kids
            appendKid(element, to: parent, in: document)

            entries.append(document.integer(nextKey))
            entries.append(element)
            nextKey += 1
        }
        addEntries(entries, from: firstKey, to: nextKey - 1, tree: tree, document: document)
        root["ParentTreeNextKey"] = document.integer(nextKey)
        try document.check("cannot add the PDF's links")
    }

    /// The largest key used in the parent tree or by any page or annotation, or -1.
    private static func largestKey(in tree: PDFObject, pages: [PDFObject]) -> Int {
        var largest = -1
        var stack = [tree]
        while let node = stack.popLast() {
            let numbers = node["Nums"]?.items ?? []
            for index in stride(from: 0, to: numbers.count, by: 2) { largest = max(largest, numbers[index].integer ?? -1) }
            stack += node["Kids"]?.items ?? []
        }
        for page in pages {
            largest = max(largest, page["StructParents"]?.integer ?? -1)
            for annotation in page["Annots"]?.items ?? [] { largest = max(largest, annotation["StructParent"]?.integer ?? -1) }
        }
        return largest
    }

    /// The new entries follow every key there is, so they go at the end of a flat tree, or in a
    /// new leaf of one with kids.
    private static func addEntries(_ entries: PDFObject, from first: Int, to last: Int, tree: PDFObject, document: QPDFDocument) {
        if let numbers = tree["Nums"] {
            for item in entries.items { numbers.append(item) }
            return
        }
        let leaf = document.indirect(document.dictionary())
        leaf["Nums"] = entries
        leaf["Limits"] = document.parse("[\(first) \(last)]")
        let kids = tree["Kids"] ?? document.array()
        kids.append(leaf)
        tree["Kids"] = kids
    }

    /// Adds `kid` after what `parent` holds (its /K may be one item or an array).
    private static func appendKid(_ kid: PDFObject, to parent: PDFObject, in document: QPDFDocument) {
        let existing = parent["K"]
        if let existing, existing.isArray {
            existing.append(kid)
            return
        }
        let array = document.array()
        if let existing { array.append(existing) }
        array.append(kid)
        parent["K"] = array
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// URIs are 7-bit ASCII (PDF 32000-1, 12.6.4.7): anything else is percent-encoded as UTF-8.
    private static func asciiURI(_ uri: String) -> String {
        var result = ""
        for byte in uri.utf8 {
            if byte > 0x20, byte < 0x7F {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
