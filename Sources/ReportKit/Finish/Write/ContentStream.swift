/// The operations of a PDF content stream (PDF 32000-1, 7.8.2): each operator with the byte range
/// that holds it and its operands. Only what finishing needs is kept: the operator, its place, and
/// for marked content its tag. Strings, arrays, dictionaries and inline image data are skipped
/// whole, so an operator's name inside them is never taken for one.
struct ContentStream {
    struct Operation: Equatable {
        /// The operator, as written (`re`, `f*`, `BDC`, `Tj`).
        let code: Operator
        /// From the first operand (or the operator when it has none) to the end of the operator.
        let range: Range<Int>
        /// Where the first operand of `BMC` and `BDC` is, when it is a name (the tag).
        let tagRange: Range<Int>?

        var name: String { code.name }
    }

    /// An operator's bytes packed in an integer, compared without making strings (a page has
    /// thousands of operators).
    struct Operator: Hashable {
        let code: UInt64

        init<Bytes: Collection<UInt8>>(bytes: Bytes) {
            // Operators are one to three letters; longer words keep their first seven and length.
            var code = UInt64(min(bytes.count, 255))
            for byte in bytes.prefix(7) { code = code << 8 | UInt64(byte) }
            self.code = code
        }

        init(_ name: StaticString) {
            self.init(bytes: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }

        var name: String {
            var bytes: [UInt8] = []
            var rest = code
            while rest > 0xFF {
                bytes.insert(UInt8(rest & 0xFF), at: 0)
                rest >>= 8
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        static let beginMarked = Operator("BMC"), beginMarkedWithProperties = Operator("BDC"), endMarked = Operator("EMC")
        static let save = Operator("q"), restore = Operator("Q"), beginText = Operator("BT"), endText = Operator("ET")
        static let beginImage = Operator("BI"), imageData = Operator("ID")
        static let trueKeyword = Operator("true"), falseKeyword = Operator("false"), nullKeyword = Operator("null")
    }

    let bytes: [UInt8]
    let operations: [Operation]

    /// Reads the operations of `bytes`; throws on a string, array or dictionary left open, which
    /// cairo never writes.
    init(_ bytes: [UInt8]) throws(RenderError) {
        self.bytes = bytes
        // The scanner reads through a buffer pointer for the length of the read: indexing the
        // array checked its bounds and kept it alive at every byte of a page's content.
        operations = try bytes.withUnsafeBufferPointer { buffer throws(RenderError) in
            try Self.byteClasses.withUnsafeBufferPointer { classes throws(RenderError) in
                var scanner = Scanner(bytes: buffer, classes: classes)
                return try scanner.operations()
            }
        }
    }

    /// The tag of a `BMC` or `BDC` (`Artifact`, `P`), without its slash.
    func tag(of operation: Operation) -> String? {
        operation.tagRange.map { String(decoding: bytes[($0.lowerBound + 1)..<$0.upperBound], as: UTF8.self) }
    }

    /// Operators that put marks on the page (PDF 32000-1, tables 59, 107 and 92, 8.9.7).
    static let painting: Set<Operator> = Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Tj", "TJ", "'", "\"", "Do", "sh", "BI"]
        .map { Operator(bytes: Array($0.utf8)) })

    /// What each byte is to the scanner (PDF 32000-1, 7.2.2): white space, a delimiter, or part
    /// of a word (a number, an operator, a keyword). One load a byte where the two tests
    /// compared each byte with sixteen values.
    private static let byteClasses: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        if PDFValueParser.isWhitespace(byte) { return Scanner.whitespace }
        return PDFValueParser.isDelimiter(byte) ? Scanner.delimiter : Scanner.regular
    }

    /// Finds the operations of bytes that stay valid while it is in use, in one pass: a word is an
    /// operand (a number, `true`, `false`, `null`) or an operator; a name, string, array or
    /// dictionary is an operand, passed over whole.
    private struct Scanner {
        static let regular: UInt8 = 0, whitespace: UInt8 = 1, delimiter: UInt8 = 2

        let bytes: UnsafeBufferPointer<UInt8>
        let classes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func operations() throws(RenderError) -> [Operation] {
            var operations: [Operation] = []
            operations.reserveCapacity(bytes.count / 12)
            // The operators told apart here, read once rather than at every operator.
            let beginImage = Operator.beginImage, beginMarked = Operator.beginMarked, beginMarkedWithProperties = Operator.beginMarkedWithProperties
            var operandStart = -1
            var firstName: Range<Int>?
            while true {
                skipWhitespaceAndComments()
                guard index < bytes.count else { return operations }
                let start = index
                let first = bytes[index]
                if classes[Int(first)] == Self.regular {
                    skipWord()
                    let isNumber = (first >= 48 && first <= 57) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                    if isNumber || isKeyword(start..<index) {
                        if operandStart < 0 { operandStart = start }
                        continue
                    }
                    let code = Operator(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    let end = code == beginImage ? try skipInlineImage() : index
                    let tag = code == beginMarked || code == beginMarkedWithProperties ? firstName : nil
                    operations.append(Operation(code: code, range: (operandStart < 0 ? start : operandStart)..<end, tagRange: tag))
                    operandStart = -1
                    firstName = nil
                    continue
                }
                try skipNonWord()
                if operandStart < 0 {
                    operandStart = start
                    if first == UInt8(ascii: "/") { firstName = start..<index }
                }
            }
        }

        /// `true`, `false` and `null` are operands, not operators.
        private func isKeyword(_ range: Range<Int>) -> Bool {
            guard range.count == 4 || range.count == 5 else { return false }
            let word = Operator(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
            return word == Operator.trueKeyword || word == Operator.falseKeyword || word == Operator.nullKeyword
        }

        private mutating func skipWord() {
            index += 1
            while index < bytes.count, classes[Int(bytes[index])] == Self.regular { index += 1 }
        }

        private mutating func skipWhitespaceAndComments() {
            while index < bytes.count {
                let byte = bytes[index]
                if classes[Int(byte)] == Self.whitespace {
                    index += 1
                } else if byte == UInt8(ascii: "%") {
                    while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
                } else {
                    return
                }
            }
        }

        /// A name, string, array or dictionary (or a hexadecimal string), passed over whole; a
        /// closing delimiter with nothing open is an error.
        private mutating func skipNonWord() throws(RenderError) {
            switch bytes[index] {
            case UInt8(ascii: "/"):
                skipWord()
            case UInt8(ascii: "("):
                try skipLiteralString()
            case UInt8(ascii: "<"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                    try skipNested(open: 2, close: UInt8(ascii: ">"))
                } else {
                    guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw Self.unterminated("hex string") }
                    index = end + 1
                }
            case UInt8(ascii: "["):
                try skipNested(open: 1, close: UInt8(ascii: "]"))
            default:
                throw RenderError("a content stream of the PDF has an unexpected '\(Character(UnicodeScalar(bytes[index])))' at byte \(index)")
            }
        }

        /// `( … )` with balanced parentheses and backslash escapes.
        private mutating func skipLiteralString() throws(RenderError) {
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 1
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 { index += 1; return }
                default: break
                }
                index += 1
            }
            throw Self.unterminated("string")
        }

        /// An array or a dictionary (opened by `open` bytes), with what it holds.
        private mutating func skipNested(open: Int, close: UInt8) throws(RenderError) {
            index += open
            while true {
                skipWhitespaceAndComments()
                guard index < bytes.count else { throw Self.unterminated(open == 1 ? "array" : "dictionary") }
                let byte = bytes[index]
                if byte == close, open == 1 || (index + 1 < bytes.count && bytes[index + 1] == close) {
                    index += open
                    return
                }
                if classes[Int(byte)] == Self.regular { skipWord() } else { try skipNonWord() }
            }
        }

        /// After `BI`: the image's entries, `ID`, its data and `EI` (PDF 32000-1, 8.9.7). The data
        /// ends at the first `EI` that stands alone between white space.
        private mutating func skipInlineImage() throws(RenderError) -> Int {
            while true {
                skipWhitespaceAndComments()
                guard index < bytes.count else { break }
                let start = index
                guard classes[Int(bytes[index])] == Self.regular else {
                    try skipNonWord()
                    continue
                }
                skipWord()
                guard Operator(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index])) == .imageData else { continue }
                index += 1
                while index + 2 <= bytes.count {
                    if bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: "I"), index > 0, classes[Int(bytes[index - 1])] == Self.whitespace,
                       index + 2 == bytes.count || classes[Int(bytes[index + 2])] != Self.regular {
                        index += 2
                        return index
                    }
                    index += 1
                }
                break
            }
            throw Self.unterminated("inline image")
        }

        private static func unterminated(_ what: String) -> RenderError {
            RenderError("a content stream of the PDF ends inside a \(what)")
        }
    }
}
