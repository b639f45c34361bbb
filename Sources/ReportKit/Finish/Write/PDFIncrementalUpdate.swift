internal import CQPDF

/// The changes the finishing stage makes to cairo's PDF, written as an incremental update (PDF
/// 32000-1, 7.5.6): the objects it replaces or adds, a cross-reference section for them and a
/// trailer, appended after cairo's bytes, which stay as they are. Reading through the update
/// sees the changed objects.
///
/// An object that will not change again is written out at once (``flush(_:)``; new streams
/// always are), so finishing a combined document of thousands of pages holds only what is still
/// changing, not every page's content.
final class PDFIncrementalUpdate {
    let file: CairoPDFFile
    private enum Change {
        case value(PDFValue)
        case stream(PDFDictionary, [UInt8])
    }
    private var changes: [Int: Change] = [:]
    private(set) var nextNumber: Int
    /// Where each object already written is, by number.
    private(set) var written: [Int: Int] = [:]
    /// Bytes written and not yet handed to `sink`, and how many were handed before them.
    private(set) var pending: [UInt8] = [10]
    private var handedOver = 0
    /// Takes the update's bytes as they are made (a file being finished); nil keeps them all in
    /// memory for ``write(trailer:)`` to return.
    private let sink: (([UInt8]) throws(RenderError) -> Void)?
    /// The running CRC-32 and Adler-32 of the update's bytes, for the /ID.
    private var crc = crc32(0, nil, 0), adler = adler32(0, nil, 0)

    init(_ file: CairoPDFFile, sink: (([UInt8]) throws(RenderError) -> Void)? = nil) {
        self.file = file
        self.sink = sink
        nextNumber = file.size
    }

    /// An object as it is now: changed, else as cairo wrote it (a stream's dictionary).
    func object(_ reference: PDFReference) throws(RenderError) -> PDFValue {
        guard written[reference.number] == nil else { throw RenderError("object \(reference.number) of the PDF was read after it was written") }
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

    /// The entries named by `keys` of `reference`'s dictionary as it is now, the rest of cairo's
    /// object left unread: for reading, never for ``set(_:_:)`` (it may lack the other entries).
    func entries(_ keys: [String], of reference: PDFReference) throws(RenderError) -> PDFDictionary {
        guard changes[reference.number] == nil, written[reference.number] == nil else { return try dictionary(reference) }
        return try file.entries(keys, of: reference)
    }

    /// Replaces an object; a stream keeps its data as stored, so `dictionary` keeps its /Filter
    /// and /Length.
    func set(_ reference: PDFReference, _ dictionary: PDFDictionary) throws(RenderError) {
        guard written[reference.number] == nil else { throw RenderError("object \(reference.number) of the PDF was changed after it was written") }
        switch changes[reference.number] {
        case .stream(_, let data):
            changes[reference.number] = .stream(dictionary, data)
        case .value:
            changes[reference.number] = .value(.dictionary(dictionary))
        case nil:
            // Every stream's dictionary has a /Length (PDF 32000-1, 7.3.8.2): without one there is
            // no stream data to keep, and no need to read the object again to find out.
            if dictionary["Length"] != nil, let (_, data) = try? file.stream(reference) {
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

    /// A new stream, or new data for `reference`'s stream, written out at once; compressed with
    /// Flate at `level` unless `compress` is false (XMP metadata stays readable, PDF/A-3 6.6.2.1),
    /// `data` is compressed already, or it is too small to be worth it
    /// (``Flate/smallestWorthCompressing``).
    @discardableResult
    func stream(_ data: [UInt8], dictionary: PDFDictionary, compress: Bool = true, level: Int32 = Z_BEST_SPEED,
                alreadyCompressed: Bool = false, replacing reference: PDFReference? = nil) throws(RenderError) -> PDFReference {
        var dictionary = dictionary
        let compresses = compress && !alreadyCompressed && data.count >= Flate.smallestWorthCompressing
        let stored = compresses ? try Flate.deflate(data, level: level) : data
        dictionary["Filter"] = compresses || alreadyCompressed ? .name("FlateDecode") : nil
        dictionary["DecodeParms"] = nil
        if case .reference(let length)? = dictionary["Length"], reference != nil, written[length.number] == nil {
            // cairo writes a stream's length as an object of its own, after the stream.
            changes[length.number] = .value(.integer(stored.count))
        } else {
            dictionary["Length"] = .integer(stored.count)
        }
        let target = reference ?? {
            let new = PDFReference(number: nextNumber)
            nextNumber += 1
            return new
        }()
        changes[target.number] = .stream(dictionary, stored)
        try flush(target)
        return target
    }

    /// Writes an object out now; it may not be changed or read again.
    func flush(_ reference: PDFReference) throws(RenderError) {
        guard let change = changes.removeValue(forKey: reference.number) else { return }
        written[reference.number] = file.source.count + handedOver + pending.count
        // Appended as bytes: a report has a hundred objects, and a string for each line costs.
        PDFValue.writeInteger(reference.number, into: &pending)
        pending += " 0 obj\n".utf8
        switch change {
        case .value(let value):
            value.write(into: &pending)
            pending += "\nendobj\n".utf8
        case .stream(let dictionary, let data):
            dictionary.write(into: &pending)
            pending += "\nstream\n".utf8
            pending += data
            pending += "\nendstream\nendobj\n".utf8
        }
        if sink != nil, pending.count >= 1 << 20 { try handOver() }
    }

    /// Writes out every object still changing.
    func flushAll() throws(RenderError) {
        for number in changes.keys.sorted() { try flush(PDFReference(number: number)) }
    }

    private func handOver() throws(RenderError) {
        pending.withUnsafeBufferPointer { buffer in
            crc = crc32(crc, buffer.baseAddress, uInt(buffer.count))
            adler = adler32(adler, buffer.baseAddress, uInt(buffer.count))
        }
        try sink?(pending)
        handedOver += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes what is left: the remaining objects, the cross-reference section for all of them,
    /// and a trailer with `trailer`'s entries, /Size, /Prev and an /ID made from the content.
    /// The update's bytes, or with a sink, what was not yet handed to it (handed over too).
    @discardableResult
    func write(trailer entries: PDFDictionary) throws(RenderError) -> [UInt8] {
        try flushAll()
        let offsets = written.sorted { $0.key < $1.key }
        let body = pending
        let identifier = PDFValue.string(try digest(of: body))
        let crossReference = file.source.count + handedOver + pending.count
        pending += Array("xref\n".utf8)
        var index = 0
        while index < offsets.count {
            var end = index
            while end + 1 < offsets.count, offsets[end + 1].key == offsets[end].key + 1 { end += 1 }
            pending += Array("\(offsets[index].key) \(end - index + 1)\n".utf8)
            for entry in offsets[index...end] { Self.appendEntry(offset: entry.value, generation: 0, inUse: true, to: &pending) }
            index = end + 1
        }
        var trailer = entries
        trailer["Size"] = .integer(nextNumber)
        trailer["Prev"] = .integer(file.crossReferenceOffset)
        trailer["ID"] = .array([identifier, identifier])
        pending += Array("trailer\n".utf8)
        trailer.write(into: &pending)
        pending += Array("\nstartxref\n\(crossReference)\n%%EOF\n".utf8)
        guard sink != nil else { return pending }
        try handOver()
        return []
    }

    /// Sixteen bytes that follow from the whole file's content (zlib's CRC-32 and Adler-32 of
    /// cairo's bytes and of the update's objects): the same content gives the same /ID, other
    /// content another (PDF 32000-1, 14.4, asks only that it identify the file).
    private func digest(of rest: [UInt8]) throws(RenderError) -> [UInt8] {
        var sourceCRC = crc32(0, nil, 0), sourceAdler = adler32(0, nil, 0)
        var offset = 0
        let total = file.source.count
        while offset < total {
            let window = try file.source.window(at: offset, minimum: min(1 << 20, total - offset))
            let from = offset - window.base
            let count = min(window.bytes.count - from, total - offset)
            window.bytes.withUnsafeBufferPointer { buffer in
                sourceCRC = crc32(sourceCRC, buffer.baseAddress! + from, uInt(count))
                sourceAdler = adler32(sourceAdler, buffer.baseAddress! + from, uInt(count))
            }
            offset += count
        }
        let (updateCRC, updateAdler) = rest.withUnsafeBufferPointer { buffer in
            (crc32(crc, buffer.baseAddress, uInt(buffer.count)), adler32(adler, buffer.baseAddress, uInt(buffer.count)))
        }
        return [sourceCRC, sourceAdler, updateCRC, updateAdler].flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    }
}
