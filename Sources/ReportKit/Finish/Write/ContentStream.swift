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
    }

    let bytes: [UInt8]
    let operations: [Operation]

    /// Reads the operations of `bytes`; throws on a string, array or dictionary left open, which
    /// cairo never writes.
    init(_ bytes: [UInt8]) throws(RenderError) {
        self.bytes = bytes
        // The lexer reads through a buffer pointer for the length of the read: indexing the array
        // checked its bounds and kept it alive at every byte of a page's content.
        operations = try bytes.withUnsafeBufferPointer { buffer throws(RenderError) in try Self.operations(in: buffer) }
    }

    private static func operations(in bytes: UnsafeBufferPointer<UInt8>) throws(RenderError) -> [Operation] {
        var lexer = Lexer(bytes: bytes)
        var operations: [Operation] = []
        operations.reserveCapacity(bytes.count / 12)
        var operandStart: Int?
        var firstName: Range<Int>?
        while let token = try lexer.next() {
            switch token.kind {
            case .operand:
                if operandStart == nil { operandStart = token.range.lowerBound }
            case .name:
                if operandStart == nil { operandStart = token.range.lowerBound; firstName = token.range }
            case .operator:
                let code = Operator(bytes: UnsafeBufferPointer(rebasing: bytes[token.range]))
                let start = operandStart ?? token.range.lowerBound
                var end = token.range.upperBound
                if code == .beginImage { end = try lexer.skipInlineImage() }
                let tag = code == .beginMarked || code == .beginMarkedWithProperties ? firstName : nil
                operations.append(Operation(code: code, range: start..<end, tagRange: tag))
                operandStart = nil
                firstName = nil
            }
        }
        return operations
    }

    /// The tag of a `BMC` or `BDC` (`Artifact`, `P`), without its slash.
    func tag(of operation: Operation) -> String? {
        operation.tagRange.map { String(decoding: bytes[($0.lowerBound + 1)..<$0.upperBound], as: UTF8.self) }
    }

    /// Operators that put marks on the page (PDF 32000-1, tables 59, 107 and 92, 8.9.7).
    static let painting: Set<Operator> = Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Tj", "TJ", "'", "\"", "Do", "sh", "BI"]
        .map { Operator(bytes: Array($0.utf8)) })

    private struct Token {
        enum Kind {
            case operand, name, `operator`
        }

        let kind: Kind
        let range: Range<Int>
    }

    /// Reads tokens from bytes that stay valid while it is in use (``operations(in:)``).
    private struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        static func isWhitespace(_ byte: UInt8) -> Bool { PDFValueParser.isWhitespace(byte) }
        static func isDelimiter(_ byte: UInt8) -> Bool { PDFValueParser.isDelimiter(byte) }

        mutating func next() throws(RenderError) -> Token? {
            skipWhitespaceAndComments()
            guard index < bytes.count else { return nil }
            let start = index
            switch bytes[index] {
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
            case UInt8(ascii: "/"):
                index += 1
                while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
                return Token(kind: .name, range: start..<index)
            case UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                throw RenderError("a content stream of the PDF has an unexpected '\(Character(UnicodeScalar(bytes[index])))' at byte \(index)")
            default:
                while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
                let first = bytes[start]
                let isNumber = (first >= 48 && first <= 57) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                if isNumber || isKeyword(start..<index) { return Token(kind: .operand, range: start..<index) }
                return Token(kind: .operator, range: start..<index)
            }
            return Token(kind: .operand, range: start..<index)
        }

        /// `true`, `false` and `null` are operands, not operators. Compared as packed bytes, like
        /// operators: this runs for every operator of every page.
        private func isKeyword(_ range: Range<Int>) -> Bool {
            guard range.count == 4 || range.count == 5 else { return false }
            let word = Operator(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
            return word == Self.trueKeyword || word == Self.falseKeyword || word == Self.nullKeyword
        }

        private static let trueKeyword = Operator("true"), falseKeyword = Operator("false"), nullKeyword = Operator("null")

        private mutating func skipWhitespaceAndComments() {
            index = PDFValueParser.afterWhitespace(in: bytes, from: index)
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
                if bytes[index] == close, open == 1 || (index + 1 < bytes.count && bytes[index + 1] == close) {
                    index += open
                    return
                }
                guard try next() != nil else { throw Self.unterminated("array or dictionary") }
            }
        }

        /// After `BI`: the image's entries, `ID`, its data and `EI` (PDF 32000-1, 8.9.7). The data
        /// ends at the first `EI` that stands alone between white space.
        mutating func skipInlineImage() throws(RenderError) -> Int {
            while let token = try next() {
                guard token.kind == .operator, Operator(bytes: UnsafeBufferPointer(rebasing: bytes[token.range])) == .imageData else { continue }
                index += 1
                while index + 2 <= bytes.count {
                    if bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: "I"), index > 0, Self.isWhitespace(bytes[index - 1]),
                       index + 2 == bytes.count || Self.isWhitespace(bytes[index + 2]) || Self.isDelimiter(bytes[index + 2]) {
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
