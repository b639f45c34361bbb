internal import CQPDF

/// Writes anew, compressed by finishing when large enough to be worth it, the streams cairo
/// compresses only when asked: page content and fonts' ToUnicode maps. With
/// ``ReportKitProcess/Choices/compressionInFinishing`` cairo writes them plain, because finishing reads
/// and rewrites a page's content anyway and compressing it twice is wasted; without it cairo has
/// compressed them and finishing inflates them first. Either way each comes out the same
/// (``Flate/deflate(_:level:)``, the dictionary as finishing writes it, the length in cairo's
/// length object), so the switch changes what a report costs, never its bytes.
enum StreamCompression {
    /// Writes `reference`'s stream anew, compressed at `level`.
    static func store(_ reference: PDFReference, level: Int32, in update: PDFIncrementalUpdate) throws(RenderError) {
        let (dictionary, data) = try update.file.decodedStream(reference)
        try update.stream(data, dictionary: dictionary, level: level, replacing: reference)
    }

    /// The ToUnicode map of `font` (a font dictionary as cairo wrote it): most maps are a few
    /// hundred bytes and stay plain (``Flate/smallestWorthCompressing``); a long text's is
    /// compressed.
    static func storeTextMap(of font: PDFDictionary, in update: PDFIncrementalUpdate) throws(RenderError) {
        if let map = font["ToUnicode"]?.reference { try store(map, level: Z_BEST_SPEED, in: update) }
    }

    /// For a PDF finishing otherwise leaves as drawn (``PDFStandard/none``): every page's content
    /// and every font's ToUnicode map.
    static func storeAll(in update: PDFIncrementalUpdate) throws(RenderError) {
        var seen = Set<Int>()
        for reference in try PageTree.pages(update) {
            let page = try update.dictionary(reference)
            for contents in (page["Contents"].map { $0.items } ?? []).compactMap(\.reference) where seen.insert(contents.number).inserted {
                try store(contents, level: Z_BEST_SPEED, in: update)
            }
            guard let fonts = try update.resolve(try update.resolve(page["Resources"]).dictionary?["Font"]).dictionary else { continue }
            for font in fonts.entries.compactMap(\.value.reference) where seen.insert(font.number).inserted {
                try storeTextMap(of: try update.dictionary(font), in: update)
            }
        }
    }
}
