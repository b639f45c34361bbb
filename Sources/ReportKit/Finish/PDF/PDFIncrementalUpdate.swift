import CQPDF

/// The changes the finishing stage makes to cairo's PDF, written as an incremental update (PDF
/// 32000-1, 7.5.6): the objects it replaces or adds, a cross-reference section for them and a
/// trailer, appended after cairo's bytes, which stay as they are. Reading through the update
/// sees the changed objects.
final class PDFIncrementalUpdate {
    let file: CairoPDFFile
    private enum Change {
        case value(PDFValue)
        case stream(PDFDictionary, [UInt8])
    }
    private var changes: [Int: Change] = [:]
    private var nextNumber: Int

    init(_ file: CairoPDFFile) {
        self.file = file
        nextNumber = file.size
    }

    /// An object as it is now: changed, else as cairo wrote it (a stream's dictionary).
    func object(_ reference: PDFReference) throws(RenderError) -> PDFValue {
        switch changes[reference.number] {
        case .value(let value): return value
        case .stream(let dictionary, _): return .dictionary(dictionary)
        case nil: return try file.object(reference)
        }
    }

    func resolve(_ value: PDFValue?) throws(RenderError) -> PDFValue {
        guard case .reference(let reference)? = value else { return value ?? .null }
        return try object(reference)
    }

    func dictionary(_ reference: PDFReference) throws(RenderError) -> PDFDictionary {
        guard let dictionary = try object(reference).dictionary else { throw RenderError("object \(reference.number) of the PDF is not a dictionary") }
        return dictionary
    }

    /// Replaces an object; a stream keeps its data as stored, so `dictionary` keeps its /Filter
    /// and /Length.
    func set(_ reference: PDFReference, _ dictionary: PDFDictionary) throws(RenderError) {
        switch changes[reference.number] {
        case .stream(_, let data):
            changes[reference.number] = .stream(dictionary, data)
        case .value:
            changes[reference.number] = .value(.dictionary(dictionary))
        case nil:
            if let (_, data) = try? file.stream(reference) {
                changes[reference.number] = .stream(dictionary, data)
            } else {
                changes[reference.number] = .value(.dictionary(dictionary))
            }
        }
    }

    /// A new object.
    func add(_ value: PDFValue) -> PDFReference {
        let reference = PDFReference(number: nextNumber)
        nextNumber += 1
        changes[reference.number] = .value(value)
        return reference
    }

    /// A new stream, or new data for `reference`'s stream; compressed with Flate unless `compress`
    /// is false (XMP metadata stays readable, PDF/A-3 6.6.2.1) or `data` is compressed already.
    @discardableResult
    func stream(_ data: [UInt8], dictionary: PDFDictionary, compress: Bool = true, alreadyCompressed: Bool = false,
                replacing reference: PDFReference? = nil) throws(RenderError) -> PDFReference {
        var dictionary = dictionary
        let stored = compress && !alreadyCompressed ? try Flate.deflate(data) : data
        dictionary["Filter"] = compress || alreadyCompressed ? .name("FlateDecode") : nil
        dictionary["DecodeParms"] = nil
        dictionary["Length"] = .integer(stored.count)
        let target = reference ?? {
            let new = PDFReference(number: nextNumber)
            nextNumber += 1
            return new
        }()
        changes[target.number] = .stream(dictionary, stored)
        return target
    }

    /// The bytes to append to cairo's file: the changed objects, their cross-reference section
    /// and a trailer with `trailer`'s entries, /Size, /Prev and an /ID made from the content.
    func write(trailer entries: PDFDictionary) throws(RenderError) -> [UInt8] {
        var body: [UInt8] = [10]
        var offsets: [(number: Int, offset: Int)] = []
        let start = file.source.count
        for number in changes.keys.sorted() {
            offsets.append((number, start + body.count))
            body += Array("\(number) 0 obj\n".utf8)
            switch changes[number]! {
            case .value(let value):
                value.write(into: &body)
                body += Array("\nendobj\n".utf8)
            case .stream(let dictionary, let data):
                dictionary.write(into: &body)
                body += Array("\nstream\n".utf8)
                body += data
                body += Array("\nendstream\nendobj\n".utf8)
            }
        }
        let crossReference = start + body.count
        body += Array("xref\n".utf8)
        var index = 0
        while index < offsets.count {
            var end = index
            while end + 1 < offsets.count, offsets[end + 1].number == offsets[end].number + 1 { end += 1 }
            body += Array("\(offsets[index].number) \(end - index + 1)\n".utf8)
            for entry in offsets[index...end] {
                let digits = String(entry.offset)
                body += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
            }
            index = end + 1
        }
        var trailer = entries
        trailer["Size"] = .integer(nextNumber)
        trailer["Prev"] = .integer(file.crossReferenceOffset)
        let identifier = PDFValue.string(try digest(of: body))
        trailer["ID"] = .array([identifier, identifier])
        body += Array("trailer\n".utf8)
        trailer.write(into: &body)
        body += Array("\nstartxref\n\(crossReference)\n%%EOF\n".utf8)
        return body
    }

    /// Sixteen bytes that follow from the whole file's content (zlib's CRC-32 and Adler-32 of
    /// cairo's bytes and of the update): the same content gives the same /ID, other content
    /// another (PDF 32000-1, 14.4, asks only that it identify the file).
    private func digest(of update: [UInt8]) throws(RenderError) -> [UInt8] {
        var crc = crc32(0, nil, 0), adler = adler32(0, nil, 0)
        var offset = 0
        let total = file.source.count
        while offset < total {
            let window = try file.source.window(at: offset, minimum: min(1 << 20, total - offset))
            let from = offset - window.base
            let count = min(window.bytes.count - from, total - offset)
            window.bytes.withUnsafeBufferPointer { buffer in
                crc = crc32(crc, buffer.baseAddress! + from, uInt(count))
                adler = adler32(adler, buffer.baseAddress! + from, uInt(count))
            }
            offset += count
        }
        let (updateCRC, updateAdler) = update.withUnsafeBufferPointer { buffer in
            (crc32(0, buffer.baseAddress, uInt(buffer.count)), adler32(0, buffer.baseAddress, uInt(buffer.count)))
        }
        return [crc, adler, updateCRC, updateAdler].flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    }
}
