import FoundationEssentials
import Glibc

/// Makes the links drawn into link annotations, each the object of a Link structure element
/// inside the element that holds its words (PDF/UA-1, 7.18.5; PDF 32000-1, 14.8.4.4.2), with its
/// /Contents, printable (PDF/A-3, 6.3.2), and registered in the parent tree by its /StructParent.
enum LinkFinishing {
    static func add(_ links: [LinkAnnotation], to update: PDFIncrementalUpdate, root: inout PDFDictionary,
                    elements: [PDFReference], document: PDFReference) throws(RenderError) {
        guard !links.isEmpty else { return }
        let pages = try PageTree.pages(update)
        var nextKey = max(root["ParentTreeNextKey"]?.integer ?? 0, try largestKey(root: root, pages: pages, update: update) + 1)
        var entries: [PDFValue] = []
        var annotationsByPage: [Int: [PDFValue]] = [:]

        for link in links {
            guard link.page < pages.count else { throw RenderError("a link of the PDF is on no page") }
            let parent = link.element.map { elements[$0] } ?? document
            let page = pages[link.page]
            var annotation = PDFDictionary([
                ("Type", .name("Annot")), ("Subtype", .name("Link")),
                ("Rect", .array([link.rect.minX, link.rect.minY, link.rect.maxX, link.rect.maxY].map(number))),
                ("Border", .array([.integer(0), .integer(0), .integer(0)])), ("F", .integer(4)),
                ("Contents", .text(link.description)), ("StructParent", .integer(nextKey)),
            ])
            switch link.target {
            case .uri(let uri):
                annotation["A"] = .dictionary(PDFDictionary([("S", .name("URI")), ("URI", .string(Array(asciiURI(uri).utf8)))]))
            case .internalDestination(let name):
                annotation["Dest"] = .text(name)
            }
            let annotationReference = update.add(.dictionary(annotation))
            annotationsByPage[link.page, default: []].append(.reference(annotationReference))

            let objectReference = PDFDictionary([("Type", .name("OBJR")), ("Obj", .reference(annotationReference)), ("Pg", .reference(page))])
            let element = update.add(.dictionary(PDFDictionary([
                ("Type", .name("StructElem")), ("S", .name("Link")), ("P", .reference(parent)), ("Pg", .reference(page)),
                ("K", .array([.dictionary(objectReference)])),
            ])))
            var parentElement = try update.dictionary(parent)
            parentElement["K"] = .array((parentElement["K"]?.items ?? []) + [.reference(element)])
            try update.set(parent, parentElement)
            entries += [.integer(nextKey), .reference(element)]
            nextKey += 1
        }
        for (index, annotations) in annotationsByPage {
            var page = try update.dictionary(pages[index])
            page["Annots"] = .array((try update.resolve(page["Annots"])).items + annotations)
            try update.set(pages[index], page)
        }
        try addToParentTree(entries, root: &root, update: update)
        root["ParentTreeNextKey"] = .integer(nextKey)
    }

    /// The new keys follow every key there is, so they go at the end of a flat parent tree.
    private static func addToParentTree(_ entries: [PDFValue], root: inout PDFDictionary, update: PDFIncrementalUpdate) throws(RenderError) {
        guard let reference = root["ParentTree"]?.reference else {
            root["ParentTree"] = .reference(update.add(.dictionary(PDFDictionary([("Nums", .array(entries))]))))
            return
        }
        var tree = try update.dictionary(reference)
        if let numbers = tree["Nums"]?.array {
            tree["Nums"] = .array(numbers + entries)
        } else {
            // A tree with kids gets one more leaf.
            let keys = stride(from: 0, to: entries.count, by: 2).compactMap { entries[$0].integer }
            let leaf = update.add(.dictionary(PDFDictionary([
                ("Nums", .array(entries)), ("Limits", .array([.integer(keys.first ?? 0), .integer(keys.last ?? 0)])),
            ])))
            tree["Kids"] = .array((tree["Kids"]?.items ?? []) + [.reference(leaf)])
        }
        try update.set(reference, tree)
    }

    /// The largest key used in the parent tree or by any page or annotation, or -1.
    private static func largestKey(root: PDFDictionary, pages: [PDFReference], update: PDFIncrementalUpdate) throws(RenderError) -> Int {
        var largest = -1
        var stack = [try update.resolve(root["ParentTree"])]
        while let node = stack.popLast() {
            guard let dictionary = node.dictionary else { continue }
            let numbers = dictionary["Nums"]?.items ?? []
            for index in stride(from: 0, to: numbers.count, by: 2) { largest = max(largest, numbers[index].integer ?? -1) }
            for kid in dictionary["Kids"]?.items ?? [] { stack.append(try update.resolve(kid)) }
        }
        for page in pages {
            let dictionary = try update.dictionary(page)
            largest = max(largest, dictionary["StructParents"]?.integer ?? -1)
            for annotation in try update.resolve(dictionary["Annots"]).items {
                largest = max(largest, try update.resolve(annotation).dictionary?["StructParent"]?.integer ?? -1)
            }
        }
        return largest
    }

    private static func number(_ value: Double) -> PDFValue {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e9 { return .integer(Int(rounded)) }
        return .real(String(printf: "%.3f", rounded))
    }

    /// URIs are 7-bit ASCII (PDF 32000-1, 12.6.4.7): anything else is percent-encoded as UTF-8.
    private static func asciiURI(_ uri: String) -> String {
        var result = ""
        for byte in uri.utf8 {
            if byte > 0x20, byte < 0x7F {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return result
    }
}

/// The pages of a PDF in order, from its page tree.
enum PageTree {
    static func pages(_ update: PDFIncrementalUpdate) throws(RenderError) -> [PDFReference] {
        let catalog = try update.dictionary(try update.file.rootReference)
        guard let top = catalog["Pages"]?.reference else { throw RenderError("the PDF from cairo has no pages") }
        var pages: [PDFReference] = []
        var stack = [top]
        var visited = Set<Int>()
        while let node = stack.popLast() {
            guard visited.insert(node.number).inserted else { throw RenderError("the PDF's page tree loops") }
            let dictionary = try update.dictionary(node)
            if dictionary["Type"]?.name == "Page" {
                pages.append(node)
            } else {
                stack += (dictionary["Kids"]?.items ?? []).compactMap(\.reference).reversed()
            }
        }
        return pages
    }
}
