import Foundation

/// The document-level entries of a finished PDF: the information dictionary and the XMP packet
/// saying the same things, the sRGB OutputIntent, the language, and the catalog entries that
/// make it a tagged document whose title is shown (PDF/A-3, 6.2.3 and 6.6; PDF/UA-1, 7.1).
enum DocumentMetadata {
    static func write(_ info: DocumentInfo, producer: String, standard: PDFStandard, to document: QPDFDocument) throws(RenderError) {
        let date = info.resolvedCreationDate() ?? Date(timeIntervalSince1970: 0)
        let catalog = document.root

        let information = document.dictionary()
        func put(_ key: String, _ value: String?) {
            if let value { information[key] = document.text(value) }
        }
        put("Title", info.title)
        put("Author", info.author)
        put("Subject", info.subject)
        put("Keywords", info.keywords)
        put("Creator", info.creator)
        put("Producer", producer)
        information["CreationDate"] = document.string(pdfDate(date))
        information["ModDate"] = document.string(pdfDate(date))
        document.trailer["Info"] = document.indirect(information)

        let xmp = XMPPacket(title: info.title, author: info.author, subject: info.subject, keywords: info.keywords,
                            creatorTool: info.creator, producer: producer, language: info.language,
                            createDate: isoDate(date), modifyDate: isoDate(date), conformance: standard)
        // PDF/A-3, 6.6.2.1: the metadata stream is not compressed (qpdf leaves /Metadata streams
        // as they are).
        catalog["Metadata"] = document.stream(xmp.bytes, dictionary: ["Type": document.name("Metadata"), "Subtype": document.name("XML")])

        let profile = document.stream(try ColorProfile.sRGB(), dictionary: ["N": document.integer(3)])
        let intent = document.dictionary()
        intent["Type"] = document.name("OutputIntent")
        intent["S"] = document.name("GTS_PDFA1")
        intent["OutputConditionIdentifier"] = document.string("sRGB IEC61966-2.1")
        intent["Info"] = document.string("sRGB IEC61966-2.1")
        intent["DestOutputProfile"] = profile
        let intents = document.array()
        intents.append(intent)
        catalog["OutputIntents"] = intents

        catalog["MarkInfo"] = document.parse("<< /Marked true >>")
        if let language = info.language { catalog["Lang"] = document.text(language) }
        catalog["ViewerPreferences"] = document.parse("<< /DisplayDocTitle true >>")
        try document.check("cannot write the PDF's metadata")
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
