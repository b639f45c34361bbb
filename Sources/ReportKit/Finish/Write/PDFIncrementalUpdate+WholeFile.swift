internal import CQPDF

extension PDFIncrementalUpdate {
    /// The finished PDF as one new file, for a document in memory: cairo's header, every object
    /// in use at its newest (cairo's own bytes, copied untouched, where finishing left it as it
    /// was), one cross-reference table, and a trailer with `entries`, /Size and an /ID made from
    /// the content. Unlike an appended update it holds no object twice (a page's content before
    /// and after its artifacts were marked, the catalog), so the file is smaller and says the same.
    func wholeFile(trailer entries: PDFDictionary) throws(RenderError) -> [UInt8] {
        guard case .memory(let source) = file.source else {
            throw RenderError("only a PDF in memory is written whole; one in a file is finished by an update appended to it")
        }
        try flushAll()
        let (cairoSpans, headerEnd) = try file.objectSpans()
        // The update's objects lie in `pending` one after another, as `flush` wrote them.
        let updateStarts = written.map { (number: $0.key, start: $0.value - source.count) }.sorted { $0.start < $1.start }
        var updateSpans: [Int: Range<Int>] = [:]
        for (index, entry) in updateStarts.enumerated() {
            updateSpans[entry.number] = entry.start..<(index + 1 < updateStarts.count ? updateStarts[index + 1].start : pending.count)
        }

        var output: [UInt8] = []
        output.reserveCapacity(source.count + pending.count)
        output += source[..<headerEnd]
        var offsets = [Int?](repeating: nil, count: nextNumber)
        for number in 1..<nextNumber {
            if let span = updateSpans[number] {
                offsets[number] = output.count
                // `pending` starts with the newline that parted the update from cairo's bytes.
                output += pending[span]
            } else if let span = cairoSpans[number] {
                offsets[number] = output.count
                output += source[span]
            }
        }
        if output.last != 10 { output.append(10) }
        let identifier = PDFValue.string(Self.identifier(of: output, objects: nextNumber))
        let crossReference = output.count
        output += "xref\n0 \(nextNumber)\n".utf8
        // Numbers no object has are free, each naming the next (PDF 32000-1, 7.5.4); 0 heads the list.
        let free = (1..<nextNumber).filter { offsets[$0] == nil }
        Self.appendEntry(offset: free.first ?? 0, generation: 65535, inUse: false, to: &output)
        var nextFree = 1
        for number in 1..<nextNumber {
            if let offset = offsets[number] {
                Self.appendEntry(offset: offset, generation: 0, inUse: true, to: &output)
            } else {
                Self.appendEntry(offset: nextFree < free.count ? free[nextFree] : 0, generation: 1, inUse: false, to: &output)
                nextFree += 1
            }
        }
        var trailer = entries
        trailer["Size"] = .integer(nextNumber)
        trailer["ID"] = .array([identifier, identifier])
        output += "trailer\n".utf8
        trailer.write(into: &output)
        output += "\nstartxref\n\(crossReference)\n%%EOF\n".utf8
        return output
    }

    /// One 20-byte cross-reference entry: "oooooooooo ggggg n \n" (PDF 32000-1, 7.5.4).
    static func appendEntry(offset: Int, generation: Int, inUse: Bool, to output: inout [UInt8]) {
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = value
            for _ in 0..<count {
                output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: (rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(offset, 10)
        output.append(32)
        digits(generation, 5)
        output += inUse ? " n \n".utf8 : " f \n".utf8
    }

    /// Sixteen bytes that follow from the file's content: zlib's CRC-32 of every byte before the
    /// cross-reference table, the Adler-32 of its last 4 KiB (the objects finishing wrote, where
    /// two reports differ most), its length and its number of objects. The same report gives the
    /// same /ID, another report another (PDF 32000-1, 14.4, asks only that it identify the file).
    /// (A second checksum over every byte cost about 0.17 M instructions a report.)
    private static func identifier(of body: [UInt8], objects: Int) -> [UInt8] {
        let (crc, adler) = body.withUnsafeBufferPointer { buffer in
            let tail = UnsafeBufferPointer(rebasing: buffer.suffix(4_096))
            return (crc32(0, buffer.baseAddress, uInt(buffer.count)), adler32(1, tail.baseAddress, uInt(tail.count)))
        }
        return [UInt(crc), UInt(adler), UInt(body.count), UInt(objects)].flatMap { value in
            (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
    }
}
