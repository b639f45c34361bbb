/// Completes each page: untagged painting marked as artifacts, annotations printable and in
/// structure order, fonts and images as PDF/A asks.
enum PageFinishing {
    static func finish(_ update: PDFIncrementalUpdate) throws(RenderError) {
        var seen = Set<Int>()
        for reference in try PageTree.pages(update) {
            var page = try update.dictionary(reference)
            try markArtifacts(page, update: update)
            let annotations = try update.resolve(page["Annots"]).items
            if !annotations.isEmpty {
                // PDF/UA-1, 7.18.3: pages with annotations are read in structure order.
                page["Tabs"] = .name("S")
                try update.set(reference, page)
                for annotation in annotations.compactMap(\.reference) {
                    // PDF/A-3, 6.3.2: annotations are printed, never hidden.
                    var dictionary = try update.dictionary(annotation)
                    if dictionary["F"] != .integer(4) {
                        dictionary["F"] = .integer(4)
                        try update.set(annotation, dictionary)
                    }
                    try update.flush(annotation)
                }
            }
            try update.flush(reference)
            let resources = try update.resolve(page["Resources"])
            if let resources = resources.dictionary {
                try completeFonts(in: resources, seen: &seen, update: update)
                try removeInterpolation(in: resources, seen: &seen, update: update, depth: 0)
            }
        }
    }

    private static func markArtifacts(_ page: PDFDictionary, update: PDFIncrementalUpdate) throws(RenderError) {
        for contents in (page["Contents"].map { $0.items } ?? []).compactMap(\.reference) {
            let (dictionary, data) = try update.file.decodedStream(contents)
            // Written anew even when nothing needed marking: finishing compresses page content
            // itself, whether cairo did or not (StreamCompression).
            try update.stream(try ArtifactMarking.mark(try ContentStream(data)) ?? data, dictionary: dictionary, replacing: contents)
        }
    }

    /// PDF/A-3, 6.2.11.3.2: a CIDFontType2 font maps its CIDs to glyphs; cairo's subsets number
    /// glyphs as their CIDs, which is /Identity.
    private static func completeFonts(in resources: PDFDictionary, seen: inout Set<Int>, update: PDFIncrementalUpdate) throws(RenderError) {
        guard let fonts = try update.resolve(resources["Font"]).dictionary else { return }
        for font in fonts.entries.compactMap(\.value.reference) where seen.insert(font.number).inserted {
            // Read for the entries used alone: a font's widths are hundreds of numbers.
            let fontDictionary = try update.entries(["ToUnicode", "DescendantFonts"], of: font)
            try StreamCompression.storeTextMap(of: fontDictionary, in: update)
            for descendant in try update.resolve(fontDictionary["DescendantFonts"]).items.compactMap(\.reference) {
                let kind = try update.entries(["Subtype", "CIDToGIDMap"], of: descendant)
                if kind["Subtype"]?.name == "CIDFontType2", kind["CIDToGIDMap"] == nil {
                    var dictionary = try update.dictionary(descendant)
                    dictionary["CIDToGIDMap"] = .name("Identity")
                    try update.set(descendant, dictionary)
                    try update.flush(descendant)
                }
            }
        }
    }

    /// PDF/A-3, 6.2.8: no image asks to be interpolated.
    private static func removeInterpolation(in resources: PDFDictionary, seen: inout Set<Int>, update: PDFIncrementalUpdate,
                                            depth: Int) throws(RenderError) {
        guard depth < 8, let objects = try update.resolve(resources["XObject"]).dictionary else { return }
        for object in objects.entries.compactMap(\.value.reference) where seen.insert(object.number).inserted {
            var dictionary = try update.dictionary(object)
            if let mask = dictionary["SMask"]?.reference, seen.insert(mask.number).inserted,
               var maskDictionary = try update.object(mask).dictionary, maskDictionary["Interpolate"] != nil {
                maskDictionary["Interpolate"] = nil
                try update.set(mask, maskDictionary)
                try update.flush(mask)
            }
            if dictionary["Subtype"]?.name == "Form", let inner = try update.resolve(dictionary["Resources"]).dictionary {
                try removeInterpolation(in: inner, seen: &seen, update: update, depth: depth + 1)
            }
            if dictionary["Interpolate"] != nil {
                dictionary["Interpolate"] = nil
                try update.set(object, dictionary)
                try update.flush(object)
            }
        }
    }
}
