import FoundationEssentials
import Glibc

/// The document-level entries of a finished PDF: the information dictionary and the XMP packet
/// saying the same things, the sRGB OutputIntent, the language, and the catalog entries that
/// make it a tagged document whose title is shown (PDF/A-3, 6.2.3 and 6.6; PDF/UA-1, 7.1).
enum DocumentMetadata {
    /// Writes the information dictionary and puts the rest in `catalog`; the information
    /// dictionary's reference, for the trailer.
    static func write(_ info: DocumentInfo, producer: String, standard: PDFStandard, to update: PDFIncrementalUpdate,
                      catalog: inout PDFDictionary) throws(RenderError) -> PDFReference {
        // A document without a date (a job without one, no SOURCE_DATE_EPOCH) says none: no
        // invented date (the epoch, 1970) and no time of the run, which would change its bytes.
        let date = info.resolvedCreationDate()
        var information = PDFDictionary()
        for (key, value) in [("Title", info.title), ("Author", info.author), ("Subject", info.subject), ("Keywords", info.keywords),
                             ("Creator", info.creator), ("Producer", producer)] {
            if let value { information[key] = .text(value) }
        }
        if let date {
            information["CreationDate"] = .string(Array(pdfDate(date).utf8))
            information["ModDate"] = .string(Array(pdfDate(date).utf8))
        }
        let informationReference = update.add(.dictionary(information))

        let xmp = XMPPacket(title: info.title, author: info.author, subject: info.subject, keywords: info.keywords,
                            creatorTool: info.creator, producer: producer, language: info.language,
                            createDate: date.map(isoDate), modifyDate: date.map(isoDate), conformance: standard)
        // PDF/A-3, 6.6.2.1: the metadata stream is not compressed.
        catalog["Metadata"] = .reference(try update.stream(xmp.bytes, dictionary: PDFDictionary([("Type", .name("Metadata")), ("Subtype", .name("XML"))]),
                                                           compress: false))
        let profile = try update.stream(try ColorProfile.compressedSRGB(), dictionary: PDFDictionary([("N", .integer(3))]), alreadyCompressed: true)
        catalog["OutputIntents"] = .array([.dictionary(PDFDictionary([
            ("Type", .name("OutputIntent")), ("S", .name("GTS_PDFA1")),
            ("OutputConditionIdentifier", .string(Array("sRGB IEC61966-2.1".utf8))), ("Info", .string(Array("sRGB IEC61966-2.1".utf8))),
            ("DestOutputProfile", .reference(profile)),
        ]))])
        catalog["MarkInfo"] = .dictionary(PDFDictionary([("Marked", .bool(true))]))
        if let language = info.language { catalog["Lang"] = .text(language) }
        catalog["ViewerPreferences"] = .dictionary(PDFDictionary([("DisplayDocTitle", .bool(true))]))
        // PDF/A-3 and associated files are of PDF 1.7; cairo's header says 1.5.
        catalog["Version"] = .name("1.7")
        return informationReference
    }

    /// `D:20260422164500Z` (PDF 32000-1, 7.9.4), in UTC.
    static func pdfDate(_ date: Date) -> String {
        let c = CivilTime(date)
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        return "D:\(CivilTime.digits(c.year, 4))\(two(c.month))\(two(c.day))\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
    }

    /// `2026-04-22T16:45:00Z`, the same instant for XMP.
    static func isoDate(_ date: Date) -> String {
        let c = CivilTime(date)
        func two(_ value: Int) -> String { CivilTime.digits(value, 2) }
        return "\(c.isoDate)T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }
}
