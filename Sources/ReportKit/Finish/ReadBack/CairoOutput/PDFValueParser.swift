/// Reads PDF objects from bytes (PDF 32000-1, 7.2–7.3): numbers, strings, names, arrays,
/// dictionaries and references, as cairo writes them.
///
/// It reads through a buffer pointer, valid for the parser's life (see ``parse(_:at:_:)``): a
/// finished report has its structure elements, fonts and pages read back, a few thousand values,
/// and reading an array through its object cost a check and a load at every byte.
struct PDFValueParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    /// Nesting of arrays and dictionaries allowed (cairo nests a few levels).
    private static let maximumDepth = 64

    private init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// Runs `body` with a parser of `bytes` at `index`; the parser must not outlive it.
    static func parse<Result>(_ bytes: [UInt8], at index: Int = 0,
                              _ body: (inout PDFValueParser) throws(RenderError) -> Result) throws(RenderError) -> Result {
        try bytes.withUnsafeBufferPointer { buffer throws(RenderError) in
            var parser = PDFValueParser(buffer, at: index)
            return try body(&parser)
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 || byte == 12 || byte == 0 }
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"): true
        default: false
        }
    }

    mutating func skipWhitespace() {
        index = Self.afterWhitespace(in: bytes, from: index)
    }

    /// Where the first byte after white space and comments is, from `index` on.
    static func afterWhitespace<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, from index: Int) -> Int where Bytes.Index == Int {
        var index = index
        while index < bytes.count {
            if isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
            } else {
                break
            }
        }
        return index
    }

    /// The next word (a keyword or a number), without moving past it when `peek`.
    mutating func word(peek: Bool = false) -> String {
        skipWhitespace()
        var end = index
        while end < bytes.count, !Self.isWhitespace(bytes[end]), !Self.isDelimiter(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        if !peek { index = end }
        return word
    }

    mutating func value(depth: Int = 0) throws(RenderError) -> PDFValue {
        guard depth < Self.maximumDepth else { throw Self.error("nests too deeply", at: index) }
        skipWhitespace()
        guard index < bytes.count else { throw Self.error("ends where a value was expected", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "/"):
            return .name(name())
        case UInt8(ascii: "("):
            return .string(try literalString())
        case UInt8(ascii: "<"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                return .dictionary(try dictionary(depth: depth))
            }
            return .string(try hexString())
        case UInt8(ascii: "["):
            index += 1
            var items: [PDFValue] = []
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw Self.error("ends inside an array", at: index) }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                items.append(try value(depth: depth + 1))
            }
        default:
            let start = index
            guard let number = integer() else {
                let first = word()
                switch first {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null": return .null
                default:
                    if Double(first) != nil { return .real(first) }
                    throw Self.error("has \"\(first)\" where a value was expected", at: start)
                }
            }
            // "12 0 R" is a reference; look ahead without consuming when it is not.
            let saved = index
            skipWhitespace()
            if let generation = integer() {
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "R"),
                   index + 1 == bytes.count || Self.isWhitespace(bytes[index + 1]) || Self.isDelimiter(bytes[index + 1]) {
                    index += 1
                    return .reference(PDFReference(number: number, generation: generation))
                }
            }
            index = saved
            return .integer(number)
        }
    }

    /// Moves past the array that starts here without making its items.
    private mutating func skipArray(depth: Int) throws(RenderError) {
        guard depth < Self.maximumDepth else { throw Self.error("nests too deeply", at: index) }
        index += 1
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw Self.error("ends inside an array", at: index) }
            switch bytes[index] {
            case UInt8(ascii: "]"):
                index += 1
                return
            case UInt8(ascii: "["):
                try skipArray(depth: depth + 1)
            case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "/"):
                _ = try value(depth: depth + 1)
            default:
                // A number, a keyword or a reference's "R", a word at a time.
                let start = index
                while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
                guard index > start else { throw Self.error("has an unexpected byte in an array", at: index) }
            }
        }
    }

    /// A whole integer token (digits with an optional sign) read without making a string; nil,
    /// and nothing read, when the token is anything else.
    mutating func integer() -> Int? {
        var position = index
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        var value = 0
        var digits = 0
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57, digits < 18 {
            value = value * 10 + Int(bytes[position] - 48)
            position += 1
            digits += 1
        }
        guard digits > 0, position == bytes.count || Self.isWhitespace(bytes[position]) || Self.isDelimiter(bytes[position]) else { return nil }
        index = position
        return negative ? -value : value
    }

    /// The dictionary that starts here; with `reading`, only the entries of those keys: the
    /// others' arrays are passed over without being made (a font's hundreds of widths, which
    /// finishing never reads), so what comes back is for reading, never for writing back in
    /// place of the object.
    mutating func dictionary(depth: Int = 0, reading wanted: [String]? = nil) throws(RenderError) -> PDFDictionary {
        index += 2
        // Collected apart and handed over whole: a dictionary grows an entry at a time otherwise.
        var keys: [String] = []
        var values: [PDFValue] = []
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard index + 1 < bytes.count else { throw Self.error("ends inside a dictionary", at: index) }
            if bytes[index] == UInt8(ascii: ">"), bytes[index + 1] == UInt8(ascii: ">") {
                index += 2
                return PDFDictionary(keys: keys, values: values)
            }
            guard bytes[index] == UInt8(ascii: "/") else { throw Self.error("has a dictionary key that is not a name", at: index) }
            if let wanted, !isWanted(wanted) {
                try skipEntry(depth: depth + 1)
                continue
            }
            let key = name()
            let value = try value(depth: depth + 1)
            // A key given twice keeps its last value, as a dictionary set entry by entry would.
            if let earlier = keys.firstIndex(of: key) {
                values[earlier] = value
            } else {
                keys.append(key)
                values.append(value)
            }
        }
    }

    /// Whether the name that starts here is one of `wanted`, compared as bytes (no string is made
    /// for a key that is passed over); the parser does not move. A name with `#` escapes is
    /// decoded first.
    private func isWanted(_ wanted: [String]) -> Bool {
        var end = index + 1
        while end < bytes.count, !Self.isWhitespace(bytes[end]), !Self.isDelimiter(bytes[end]) {
            if bytes[end] == UInt8(ascii: "#") {
                var copy = self
                return wanted.contains(copy.name())
            }
            end += 1
        }
        let key = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
        return wanted.contains { $0.utf8.count == key.count && $0.utf8.elementsEqual(key) }
    }

    /// Moves past the key and value that start here: the key and a name value as bytes, an array
    /// without making its items, any other value read and dropped (a number or a reference, as
    /// cairo writes nearly all of them, costs no allocation).
    private mutating func skipEntry(depth: Int) throws(RenderError) {
        index += 1
        while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
        skipWhitespace()
        guard index < bytes.count else { throw Self.error("ends where a value was expected", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "["):
            try skipArray(depth: depth)
        case UInt8(ascii: "/"):
            index += 1
            while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
        default:
            _ = try value(depth: depth)
        }
    }

    private mutating func name() -> String {
        index += 1
        let start = index
        while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]), bytes[index] != UInt8(ascii: "#") {
            index += 1
        }
        // Most names have no escapes: made straight from their bytes.
        if index == bytes.count || bytes[index] != UInt8(ascii: "#") {
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var name = Array(bytes[start..<index])
        while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) {
            if bytes[index] == UInt8(ascii: "#"), index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                name.append(value)
                index += 3
            } else {
                name.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func literalString() throws(RenderError) -> [UInt8] {
        let start = index
        index += 1
        var depth = 1
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(10)
                case UInt8(ascii: "r"): result.append(13)
                case UInt8(ascii: "t"): result.append(9)
                case UInt8(ascii: "b"): result.append(8)
                case UInt8(ascii: "f"): result.append(12)
                case 10: break
                case 13: if index < bytes.count, bytes[index] == 10 { index += 1 }
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escaped - 48)
                    for _ in 0..<2 where index < bytes.count && (48...55).contains(bytes[index]) {
                        value = value * 8 + Int(bytes[index] - 48)
                        index += 1
                    }
                    result.append(UInt8(truncatingIfNeeded: value))
                default: result.append(escaped)
                }
            case UInt8(ascii: "("):
                depth += 1
                result.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return result }
                result.append(byte)
            default:
                result.append(byte)
            }
        }
        throw Self.error("ends inside a string", at: start)
    }

    private mutating func hexString() throws(RenderError) -> [UInt8] {
        let start = index
        index += 1
        var digits: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            index += 1
            if Self.isWhitespace(byte) { continue }
            guard let digit = UInt8(String(UnicodeScalar(byte)), radix: 16) else { throw Self.error("has a bad hexadecimal string", at: start) }
            digits.append(digit)
        }
        guard index < bytes.count else { throw Self.error("ends inside a hexadecimal string", at: start) }
        index += 1
        if digits.count % 2 == 1 { digits.append(0) }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    static func error(_ problem: String, at offset: Int) -> RenderError {
        RenderError("the PDF from cairo \(problem) (byte \(offset))")
    }
}
