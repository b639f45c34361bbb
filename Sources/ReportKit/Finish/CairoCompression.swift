import CQPDF

/// Writes anew the streams cairo compresses only when asked (page content, fonts' ToUnicode
/// maps), compressed as cairo compresses them. With ``PDFRenderer/leaveCompressionToFinishing()``
/// cairo writes them plain, because finishing reads and rewrites a page's content anyway and
/// compressing it twice is wasted; without it cairo has compressed them already and its data is
/// kept. Either way each comes out the same: zlib's default level (cairo's), the dictionary as
/// finishing writes it, the length in cairo's length object. So the switch changes what a report
/// costs, never its bytes.
enum CairoCompression {
    /// The level cairo compresses its streams at: zlib's default.
    static let cairoLevel = Z_DEFAULT_COMPRESSION

    /// Writes `reference`'s stream anew, compressed at cairo's level unless it is already.
    static func store(_ reference: PDFReference, in update: PDFIncrementalUpdate) throws(RenderError) {
        let (dictionary, data) = try update.file.stream(reference)
        switch dictionary["Filter"]?.items.compactMap(\.name) ?? [] {
        case []: try update.stream(data, dictionary: dictionary, level: cairoLevel, replacing: reference)
        case ["FlateDecode"]: try update.stream(data, dictionary: dictionary, alreadyCompressed: true, replacing: reference)
        case let filters: throw RenderError("a stream of the PDF is compressed with \(filters.joined(separator: ", ")), which finishing does not read")
        }
    }

    /// The ToUnicode map of `font` (a font dictionary as cairo wrote it).
    static func storeTextMap(of font: PDFDictionary, in update: PDFIncrementalUpdate) throws(RenderError) {
        if let map = font["ToUnicode"]?.reference { try store(map, in: update) }
    }

    /// For a PDF finishing otherwise leaves as drawn (``PDFStandard/none``): every page's content
    /// and every font's ToUnicode map.
    static func storeAll(in update: PDFIncrementalUpdate) throws(RenderError) {
        var seen = Set<Int>()
        for reference in try PageTree.pages(update) {
            let page = try update.dictionary(reference)
            for contents in (page["Contents"].map { $0.items } ?? []).compactMap(\.reference) where seen.insert(contents.number).inserted {
                try store(contents, in: update)
            }
            guard let fonts = try update.resolve(try update.resolve(page["Resources"]).dictionary?["Font"]).dictionary else { continue }
            for font in fonts.entries.compactMap(\.value.reference) where seen.insert(font.number).inserted {
                try storeTextMap(of: try update.dictionary(font), in: update)
            }
        }
    }
}
