/// Completes cairo 1.16's tagged PDF. Cairo writes the structure tree but not the catalog's
/// `/MarkInfo << /Marked true >>` nor a `/Lang`, without which readers and screen readers treat the
/// file as untagged. Rather than edit cairo's bytes, this appends an incremental update
/// (PDF 32000-1, 7.5.6) that re-issues the catalog with both entries.
enum TaggedPDFMarker {
    static func mark(_ pdf: [UInt8], language: String?) throws(RenderError) -> [UInt8] {
        // The whole file is its own tail: the update is never missing for want of bytes.
        pdf + ((try update(tail: pdf, length: pdf.count, language: language)) ?? [])
    }

    /// The bytes to append to a PDF of `length` bytes whose last bytes are `tail`. Cairo writes
    /// the catalog, the cross-reference table and the trailer last, so the tail is enough when it
    /// holds them; nil when it does not (read a longer tail).
    static func update(tail pdf: [UInt8], length: Int, language: String?) throws(RenderError) -> [UInt8]? {
        guard let trailerAt = lastIndex(of: "trailer", in: pdf), let startxrefAt = lastIndex(of: "startxref", in: pdf),
              trailerAt < startxrefAt else {
            if pdf.count < length { return nil }
            throw RenderError("the PDF from cairo has no trailer to update")
        }
        let trailer = text(pdf[trailerAt..<startxrefAt])
        guard let root = number(after: "/Root", in: trailer), let size = number(after: "/Size", in: trailer),
              let previous = Int(text(pdf[(startxrefAt + 9)...]).split(whereSeparator: \.isNewline).first ?? "") else {
            throw RenderError("the PDF trailer from cairo is not as expected")
        }
        let info = number(after: "/Info", in: trailer)
        guard let objectAt = lastIndex(of: "\n\(root) 0 obj\n", in: pdf, before: trailerAt),
              let endAt = firstIndex(of: "endobj", in: pdf, from: objectAt),
              let closeAt = lastIndex(of: ">>", in: pdf, before: endAt), closeAt > objectAt else {
            if pdf.count < length { return nil }
            throw RenderError("the PDF catalog from cairo was not found")
        }
        var catalog = text(pdf[(objectAt + "\n\(root) 0 obj\n".utf8.count)..<closeAt])
        catalog += "   /MarkInfo << /Marked true >>\n"
        if let language { catalog += "   /Lang (\(language))\n" }

        var update = "\n\(root) 0 obj\n\(catalog)>>\nendobj\n"
        let catalogOffset = length + 1
        let xrefOffset = length + update.utf8.count
        let offsetField = String(catalogOffset)
        update += "xref\n\(root) 1\n" + String(repeating: "0", count: 10 - offsetField.count) + offsetField + " 00000 n \n"
        update += "trailer\n<< /Size \(size)\n   /Root \(root) 0 R\n"
        if let info { update += "   /Info \(info) 0 R\n" }
        update += "   /Prev \(previous)\n>>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return Array(update.utf8)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func lastIndex(of needle: String, in bytes: [UInt8], before end: Int? = nil) -> Int? {
        let pattern = Array(needle.utf8)
        var index = (end ?? bytes.count) - pattern.count
        while index >= 0 {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index -= 1
        }
        return nil
    }

    private static func firstIndex(of needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func number(after key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key) else { return nil }
        return Int(dictionary[range.upperBound...].split(whereSeparator: { $0 == " " || $0.isNewline }).first ?? "")
    }
}
