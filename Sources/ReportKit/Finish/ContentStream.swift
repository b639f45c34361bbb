/// The operations of a PDF content stream (PDF 32000-1, 7.8.2): each operator with the byte range
/// that holds it and its operands. Only what finishing needs is kept: the operator, its place, and
/// for marked content its tag. Strings, arrays, dictionaries and inline image data are skipped
/// whole, so an operator's name inside them is never taken for one.
struct ContentStream {
    struct Operation: Equatable {
        /// The operator, as written (`re`, `f*`, `BDC`, `Tj`).
        let name: String
        /// From the first operand (or the operator when it has none) to the end of the operator.
        let range: Range<Int>
        /// The tag of `BMC` and `BDC` (`Artifact`, `P`), else nil.
        let tag: String?
    }

    let bytes: [UInt8]
    let operations: [Operation]

    /// Reads the operations of `bytes`; throws on a string, array or dictionary left open, which
    /// cairo never writes.
    init(_ bytes: [UInt8]) throws(RenderError) {
        self.bytes = bytes
        var lexer = Lexer(bytes: bytes)
        var operations: [Operation] = []
        var operandStart: Int?
        var firstName: String?
        while let token = try lexer.next() {
            switch token.kind {
            case .operand:
                if operandStart == nil { operandStart = token.range.lowerBound }
            case .name(let name):
                if operandStart == nil { operandStart = token.range.lowerBound; firstName = name }
            case .operator(let name):
                let start = operandStart ?? token.range.lowerBound
                var end = token.range.upperBound
                if name == "BI" { end = try lexer.skipInlineImage() }
                let tag = name == "BMC" || name == "BDC" ? firstName : nil
                operations.append(Operation(name: name, range: start..<end, tag: tag))
                operandStart = nil
                firstName = nil
            }
        }
        self.operations = operations
    }

    /// Operators that put marks on the page (PDF 32000-1, tables 59, 107 and 92, 8.9.7).
    static let painting: Set<String> = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Tj", "TJ", "'", "\"", "Do", "sh", "BI"]

    private struct Token {
        enum Kind {
            case operand
            case name(String)
            case `operator`(String)
        }

        let kind: Kind
        let range: Range<Int>
    }

    private struct Lexer {
        let bytes: [UInt8]
        var index = 0

        static func isWhitespace(_ byte: UInt8) -> Bool { [0, 9, 10, 12, 13, 32].contains(byte) }
        static func isDelimiter(_ byte: UInt8) -> Bool { Array("()<>[]{}/%".utf8).contains(byte) }

        mutating func next() throws(RenderError) -> Token? {
            skipWhitespaceAndComments()
            guard index < bytes.count else { return nil }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "("):
                try skipLiteralString()
            case UInt8(ascii: "<"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                    try skipNested(open: "<<", close: ">>")
                } else {
                    guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw Self.unterminated("hex string") }
                    index = end + 1
                }
            case UInt8(ascii: "["):
                try skipNested(open: "[", close: "]")
            case UInt8(ascii: "/"):
                index += 1
                while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
                return Token(kind: .name(String(decoding: bytes[(start + 1)..<index], as: UTF8.self)), range: start..<index)
            case UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                throw RenderError("a content stream of the PDF has an unexpected '\(Character(UnicodeScalar(bytes[index])))' at byte \(index)")
            default:
                while index < bytes.count, !Self.isWhitespace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
                let word = bytes[start..<index]
                let first = word.first ?? 0
                let isNumber = (first >= 48 && first <= 57) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                let isKeyword = ["true", "false", "null"].contains(String(decoding: word, as: UTF8.self))
                if isNumber || isKeyword { return Token(kind: .operand, range: start..<index) }
                return Token(kind: .operator(String(decoding: word, as: UTF8.self)), range: start..<index)
            }
            return Token(kind: .operand, range: start..<index)
        }

        private mutating func skipWhitespaceAndComments() {
            while index < bytes.count {
                if Self.isWhitespace(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "%") {
                    while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
                } else {
                    return
                }
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

        /// An array or a dictionary, with what it holds (strings, nested arrays and dictionaries).
        private mutating func skipNested(open: String, close: String) throws(RenderError) {
            index += open.utf8.count
            while true {
                skipWhitespaceAndComments()
                guard index < bytes.count else { throw Self.unterminated(open == "[" ? "array" : "dictionary") }
                if bytes[index...].starts(with: close.utf8) {
                    index += close.utf8.count
                    return
                }
                guard try next() != nil else { throw Self.unterminated("array or dictionary") }
            }
        }

        /// After `BI`: the image's entries, `ID`, its data and `EI` (PDF 32000-1, 8.9.7). The data
        /// ends at the first `EI` that stands alone between white space.
        mutating func skipInlineImage() throws(RenderError) -> Int {
            while let token = try next() {
                guard case .operator("ID") = token.kind else { continue }
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
