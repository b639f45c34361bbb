/// Completes each page: untagged painting marked as artifacts, annotations printable and in
/// structure order, fonts and images as PDF/A asks.
enum PageFinishing {
    static func finish(_ document: QPDFDocument) throws(RenderError) {
        var fontsSeen = Set<Int32>()
        for page in document.pages {
            try markArtifacts(on: page, document: document)
            if let annotations = page["Annots"]?.items, !annotations.isEmpty {
                // PDF/UA-1, 7.18.3: pages with annotations are read in structure order.
                page["Tabs"] = document.name("S")
                for annotation in annotations {
                    // PDF/A-3, 6.3.2: annotations are printed, never hidden.
                    annotation["F"] = document.integer(4)
                }
            }
            if let resources = page["Resources"] {
                completeFonts(in: resources, seen: &fontsSeen, document: document)
                removeInterpolation(in: resources)
            }
        }
        try document.check("cannot complete the PDF's pages")
    }

    private static func markArtifacts(on page: PDFObject, document: QPDFDocument) throws(RenderError) {
        for contents in page["Contents"]?.items ?? [] where contents.isStream {
            let stream = try ContentStream(try contents.streamData())
            if let marked = try ArtifactMarking.mark(stream) {
                contents.replaceData(marked)
            }
        }
    }

    /// PDF/A-3, 6.2.11.3.2: a CIDFontType2 font maps its CIDs to glyphs; cairo's subsets number
    /// glyphs as their CIDs, which is /Identity.
    private static func completeFonts(in resources: PDFObject, seen: inout Set<Int32>, document: QPDFDocument) {
        guard let fonts = resources["Font"] else { return }
        for key in fonts.keys {
            guard let font = fonts[key] else { continue }
            if font.isIndirect {
                guard seen.insert(font.objectNumber).inserted else { continue }
            }
            for descendant in font["DescendantFonts"]?.items ?? [] where descendant["Subtype"]?.name == "CIDFontType2" {
                if descendant["CIDToGIDMap"] == nil { descendant["CIDToGIDMap"] = document.name("Identity") }
            }
        }
    }

    /// PDF/A-3, 6.2.8: no image asks to be interpolated.
    private static func removeInterpolation(in resources: PDFObject) {
        guard let objects = resources["XObject"] else { return }
        for key in objects.keys {
            guard let object = objects[key] else { continue }
            if object["Interpolate"] != nil { object["Interpolate"] = nil }
            if let mask = object["SMask"], mask["Interpolate"] != nil { mask["Interpolate"] = nil }
            if object["Subtype"]?.name == "Form", let inner = object["Resources"] { removeInterpolation(in: inner) }
        }
    }
}
