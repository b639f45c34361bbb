import FoundationEssentials
import Glibc
#if canImport(Glibc)
import Glibc
#endif

/// Where a PDF's bytes are: in memory (a single report) or in a file read where needed (a
/// combined document of thousands of pages).
enum PDFBytes {
    case memory([UInt8])
    /// An open file descriptor and the file's length.
    case file(descriptor: Int32, length: Int)

    var count: Int {
        switch self {
        case .memory(let bytes): bytes.count
        case .file(_, let length): length
        }
    }

    var isInMemory: Bool {
        if case .memory = self { true } else { false }
    }

    /// Bytes from `offset`, at least `minimum` of them when the file has them, with the offset of
    /// the first one (a document in memory gives all of it, without copying).
    func window(at offset: Int, minimum: Int) throws(RenderError) -> (bytes: [UInt8], base: Int) {
        switch self {
        case .memory(let bytes):
            return (bytes, 0)
        case .file(let descriptor, let length):
            let count = max(0, min(minimum, length - offset))
            var bytes = [UInt8](repeating: 0, count: count)
            var read = 0
            while read < count {
                let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + read, count - read, off_t(offset + read)) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { throw RenderError("cannot read back the PDF being finished") }
                read += result
            }
            return (bytes, offset)
        }
    }
}

/// The PDF cairo wrote, read as a model rather than searched as text: its cross-reference table
/// and trailer, and any object by number, parsed when asked for.
final class CairoPDFFile {
    let source: PDFBytes
    let trailer: PDFDictionary
    /// Where the cross-reference table starts (the update's /Prev).
    let crossReferenceOffset: Int
    /// The byte offset of each object in use, indexed by its number; `absent` for a number not
    /// in use. Cairo numbers its objects from 1 without gaps, so a table (8 bytes an object)
    /// rather than a dictionary (about 28, and a hash a look-up): a combined document has
    /// 150,000 objects.
    private let offsets: [Int]
    private static let absent = -1

    init(_ source: PDFBytes) throws(RenderError) {
        self.source = source
        let tailStart = max(0, source.count - 64)
        let tail = try source.window(at: tailStart, minimum: source.count - tailStart)
        // The last "startxref" and the number after it, found in the bytes (a string search here
        // cost more than reading the cross-reference table).
        let tailBytes = Array(tail.bytes[(tailStart - tail.base)...])
        let keyword = Array("startxref".utf8)
        guard let marker = tailBytes.indices.reversed().first(where: { tailBytes[$0...].starts(with: keyword) }),
              let offset = try PDFValueParser.parse(tailBytes, at: marker + keyword.count, { parser in
                  parser.skipWhitespace()
                  return parser.integer()
              }),
              offset >= 0, offset < source.count else {
            throw RenderError("the PDF from cairo has no startxref")
        }
        crossReferenceOffset = offset
        let table = try source.window(at: offset, minimum: source.count - offset)
        let (offsets, trailer) = try PDFValueParser.parse(table.bytes, at: offset - table.base) { parser throws(RenderError) in
            try Self.crossReference(&parser, at: offset, base: table.base, fileSize: source.count)
        }
        self.offsets = offsets
        // Rule 2 of CairoOutputContract, checked here: an updated file's table is not the whole file's.
        guard trailer["Prev"] == nil else { throw CairoOutputContract.broken(2, "it has been updated already (/Prev)") }
        self.trailer = trailer
    }

    /// The cross-reference table at `parser` and the trailer after it: each object's offset by
    /// number (`absent` for a number not in use).
    private static func crossReference(_ parser: inout PDFValueParser, at offset: Int, base: Int,
                                       fileSize: Int) throws(RenderError) -> ([Int], PDFDictionary) {
        var offsets: [Int] = []
        guard parser.word() == "xref" else { throw RenderError("the PDF from cairo has no cross-reference table at byte \(offset)") }
        while true {
            parser.skipWhitespace()
            guard let start = parser.integer() else {
                guard parser.word() == "trailer" else { throw PDFValueParser.error("has a broken cross-reference table", at: parser.index + base) }
                break
            }
            parser.skipWhitespace()
            // Each entry takes 20 bytes of the file, so no number in use can pass its size.
            guard let count = parser.integer(), count >= 0, start >= 0, start + count <= fileSize else {
                throw PDFValueParser.error("has a broken cross-reference table", at: parser.index + base)
            }
            if offsets.count < start + count { offsets += repeatElement(absent, count: start + count - offsets.count) }
            for number in start..<(start + count) {
                // Each entry is "oooooooooo ggggg n" (or f for a free object).
                parser.skipWhitespace()
                let entryOffset = parser.integer()
                parser.skipWhitespace()
                _ = parser.integer()
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count else { throw PDFValueParser.error("ends inside its cross-reference table", at: fileSize) }
                if parser.bytes[parser.index] == UInt8(ascii: "n"), let entryOffset { offsets[number] = entryOffset }
                parser.index += 1
            }
        }
        parser.skipWhitespace()
        guard case .dictionary(let trailer) = try parser.value() else { throw RenderError("the PDF from cairo has no trailer") }
        return (offsets, trailer)
    }

    /// Where each object in use lies, by number: cairo writes its objects one after another, so
    /// each runs from its offset to the next object's (the last to the cross-reference table).
    /// Also where the first object starts: what is before it is the file's header.
    func objectSpans() throws(RenderError) -> (spans: [Int: Range<Int>], headerEnd: Int) {
        let starts = offsets.enumerated().filter { $0.element != Self.absent }.map { (key: $0.offset, value: $0.element) }
            .sorted { $0.value < $1.value }
        var spans: [Int: Range<Int>] = [:]
        spans.reserveCapacity(starts.count)
        for (index, entry) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].value : crossReferenceOffset
            guard entry.value < end, end <= source.count else {
                throw RenderError("object \(entry.key) of the PDF from cairo is not where its cross-reference says")
            }
            spans[entry.key] = entry.value..<end
        }
        return (spans, starts.first?.value ?? crossReferenceOffset)
    }

    /// The numbers of the objects in use, in order.
    var numbersInUse: [Int] { offsets.indices.filter { offsets[$0] != Self.absent } }

    /// Whether object `number` starts where the cross-reference table says ("N 0 obj").
    func objectStarts(_ number: Int) throws(RenderError) -> Bool {
        guard offsets.indices.contains(number), offsets[number] != Self.absent else { return false }
        // "12 0 obj" compared digit by digit in place: a report's every object is checked, and
        // writing each header out as a string to compare cost more than reading the objects.
        var digits = 1
        while digits < Self.powersOfTen.count, number / Self.powersOfTen[digits] > 0 { digits += 1 }
        let suffix: StaticString = " 0 obj"
        let length = digits + suffix.utf8CodeUnitCount
        let window = try source.window(at: offsets[number], minimum: length)
        let start = offsets[number] - window.base
        guard start >= 0, window.bytes.count >= start + length else { return false }
        return window.bytes.withUnsafeBufferPointer { bytes in
            var rest = number
            for position in (start..<(start + digits)).reversed() {
                guard bytes[position] == UInt8(ascii: "0") + UInt8(rest % 10) else { return false }
                rest /= 10
            }
            return suffix.withUTF8Buffer { suffix in
                suffix.indices.allSatisfy { bytes[start + digits + $0] == suffix[$0] }
            }
        }
    }

    /// 10⁰ to 10¹⁸: how many digits an object number has.
    private static let powersOfTen: [Int] = (0...18).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }

    /// One more than the largest object number (the trailer's /Size).
    var size: Int { trailer["Size"]?.integer ?? ((offsets.lastIndex { $0 != Self.absent } ?? 0) + 1) }

    var rootReference: PDFReference {
        get throws(RenderError) {
            guard let root = trailer["Root"]?.reference else { throw RenderError("the PDF from cairo has no catalog") }
            return root
        }
    }

    /// The object `reference` names; a value that is no reference is itself.
    func resolve(_ value: PDFValue?) throws(RenderError) -> PDFValue {
        guard let value else { return .null }
        guard case .reference(let reference) = value else { return value }
        return try object(reference)
    }

    func dictionary(_ reference: PDFReference) throws(RenderError) -> PDFDictionary {
        guard let dictionary = try object(reference).dictionary else { throw RenderError("object \(reference.number) of the PDF is not a dictionary") }
        return dictionary
    }

    /// The object (for a stream, its dictionary), parsed anew each time: nothing is kept, so a
    /// document of thousands of pages is read in flat memory.
    func object(_ reference: PDFReference) throws(RenderError) -> PDFValue {
        try read(reference.number, withData: false).value
    }

    /// The entries named by `keys` of a dictionary object, the rest passed over unread
    /// (``PDFValueParser/dictionary(depth:reading:)``): for reading, never for writing back.
    func entries(_ keys: [String], of reference: PDFReference) throws(RenderError) -> PDFDictionary {
        guard let dictionary = try read(reference.number, withData: false, keys: keys).value.dictionary else {
            throw RenderError("object \(reference.number) of the PDF is not a dictionary")
        }
        return dictionary
    }

    /// A stream's dictionary and its data as stored (still compressed).
    func stream(_ reference: PDFReference) throws(RenderError) -> (dictionary: PDFDictionary, data: [UInt8]) {
        let (value, data) = try read(reference.number, withData: true)
        guard let dictionary = value.dictionary, let data else { throw RenderError("object \(reference.number) of the PDF is not a stream") }
        return (dictionary, data)
    }

    /// A stream's data, decompressed (cairo compresses with Flate, or not at all).
    func decodedStream(_ reference: PDFReference) throws(RenderError) -> (dictionary: PDFDictionary, data: [UInt8]) {
        let (dictionary, data) = try stream(reference)
        switch dictionary["Filter"]?.items.compactMap(\.name) ?? [] {
        case []: return (dictionary, data)
        case ["FlateDecode"]: return (dictionary, try Flate.inflate(data, limit: Int.max))
        case let filters: throw RenderError("a stream of the PDF is compressed with \(filters.joined(separator: ", ")), which finishing does not read")
        }
    }

    private func read(_ number: Int, withData: Bool, keys: [String]? = nil) throws(RenderError) -> (value: PDFValue, data: [UInt8]?) {
        guard offsets.indices.contains(number), case let offset = offsets[number], offset != Self.absent else { return (.null, nil) }
        var size = 4096
        while true {
            let window = try source.window(at: offset, minimum: size)
            do {
                return try parse(number, in: window.bytes, at: offset - window.base, base: window.base, withData: withData, keys: keys)
            } catch {
                // A window that ends inside the object is read again larger; a whole file that
                // does not parse is broken.
                if window.base + window.bytes.count >= source.count { throw error }
                size *= 8
            }
        }
    }

    private func parse(_ number: Int, in bytes: [UInt8], at index: Int, base: Int, withData: Bool,
                       keys: [String]?) throws(RenderError) -> (value: PDFValue, data: [UInt8]?) {
        try PDFValueParser.parse(bytes, at: index) { parser throws(RenderError) in
            try parse(number, with: &parser, at: index, base: base, withData: withData, keys: keys)
        }
    }

    private func parse(_ number: Int, with parser: inout PDFValueParser, at index: Int, base: Int,
                       withData: Bool, keys: [String]?) throws(RenderError) -> (value: PDFValue, data: [UInt8]?) {
        let bytes = parser.bytes
        parser.skipWhitespace()
        let found = parser.integer()
        parser.skipWhitespace()
        let generation = parser.integer()
        parser.skipWhitespace()
        let keyword = parser.index
        parser.index += 3
        guard found == number, generation != nil, keyword + 3 <= bytes.count, bytes[keyword] == UInt8(ascii: "o"), bytes[keyword + 1] == UInt8(ascii: "b"), bytes[keyword + 2] == UInt8(ascii: "j") else {
            throw PDFValueParser.error("has no object \(number) where its cross-reference says", at: base + index)
        }
        parser.skipWhitespace()
        let value: PDFValue = if let keys, parser.index + 1 < bytes.count, bytes[parser.index] == UInt8(ascii: "<"),
                                 bytes[parser.index + 1] == UInt8(ascii: "<") {
            .dictionary(try parser.dictionary(reading: keys))
        } else {
            try parser.value()
        }
        guard withData else { return (value, nil) }
        guard case .dictionary(let dictionary) = value, parser.word() == "stream" else { return (value, nil) }
        // "stream" is followed by CR LF or LF, then the data (PDF 32000-1, 7.3.8.1).
        if parser.index < bytes.count, bytes[parser.index] == 13 { parser.index += 1 }
        if parser.index < bytes.count, bytes[parser.index] == 10 { parser.index += 1 }
        guard case .integer(let length) = try resolve(dictionary["Length"]), length >= 0 else {
            throw RenderError("stream \(number) of the PDF has no length")
        }
        guard parser.index + length <= bytes.count else { throw PDFValueParser.error("ends inside stream \(number)", at: base + bytes.count) }
        return (value, Array(bytes[parser.index..<(parser.index + length)]))
    }
}
