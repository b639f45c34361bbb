/// Completes cairo 1.16's tagged PDF. Cairo writes the structure tree but not the catalog's
/// `/MarkInfo << /Marked true >>` nor a `/Lang`, without which readers and screen readers treat the
/// file as untagged. Rather than edit cairo's bytes, this appends an incremental update
/// (PDF 32000-1, 7.5.6) that re-issues the catalog with both entries.
enum TaggedPDFMarker {
    static func mark(_ pdf: [UInt8], language: String?) throws(RenderError) -> [UInt8] {
        let text = String(decoding: pdf, as: UTF8.self)
        guard let trailerStart = text.range(of: "trailer", options: .backwards),
              let startxrefRange = text.range(of: "startxref", options: .backwards) else {
            throw RenderError("the PDF from cairo has no trailer to update")
        }
        let trailer = String(text[trailerStart.upperBound..<startxrefRange.lowerBound])
        guard let root = number(after: "/Root", in: trailer), let size = number(after: "/Size", in: trailer),
              let previous = Int(text[startxrefRange.upperBound...].split(whereSeparator: \.isNewline).first ?? "") else {
            throw RenderError("the PDF trailer from cairo is not as expected")
        }
        let info = number(after: "/Info", in: trailer)
        guard let objectStart = text.range(of: "\n\(root) 0 obj\n"),
              let objectEnd = text.range(of: "endobj", range: objectStart.upperBound..<text.endIndex),
              let dictionaryEnd = text.range(of: ">>", options: .backwards, range: objectStart.upperBound..<objectEnd.lowerBound) else {
            throw RenderError("the PDF catalog from cairo was not found")
        }
        var catalog = String(text[objectStart.upperBound..<dictionaryEnd.lowerBound])
        catalog += "   /MarkInfo << /Marked true >>\n"
        if let language { catalog += "   /Lang (\(language))\n" }

        var update = "\n\(root) 0 obj\n\(catalog)>>\nendobj\n"
        let catalogOffset = pdf.count + 1
        let xrefOffset = pdf.count + update.utf8.count
        let offsetField = String(catalogOffset)
        update += "xref\n\(root) 1\n" + String(repeating: "0", count: 10 - offsetField.count) + offsetField + " 00000 n \n"
        update += "trailer\n<< /Size \(size)\n   /Root \(root) 0 R\n"
        if let info { update += "   /Info \(info) 0 R\n" }
        update += "   /Prev \(previous)\n>>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return pdf + Array(update.utf8)
    }

    private static func number(after key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key) else { return nil }
        return Int(dictionary[range.upperBound...].split(whereSeparator: { $0 == " " || $0.isNewline }).first ?? "")
    }
}
