/// A strict RFC 8259 JSON parser.
///
/// Foundation's parsers are not used because a legal record needs more than they give: a line and
/// column for every syntax error, the path of the value being read when it failed, duplicate keys
/// rejected (Foundation keeps one silently), a bound on nesting depth, and each number's literal
/// text (so `1e999` is reported rather than read as infinity).
package struct JSONParser {
    /// Nesting deeper than this is refused; a spray job needs four levels.
    package static let defaultMaximumDepth = 64

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var offset = 0
    /// The path of the value being read, as a stack: a member's key or an element's index is
    /// pushed while its value is read, and a path is made of it only for an error.
    private var components: [JSONPath.Component] = []
    private var path: JSONPath { JSONPath(components: components) }
    /// Objects with more members than this find duplicate keys through a set; smaller ones (a
    /// job's, a template's) by comparing with the keys read, which costs less than hashing.
    private static let membersCheckedInOrder = 16

    /// Parses one complete JSON document (a UTF-8 byte order mark is allowed before it).
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipWhitespace()
        if parser.offset == bytes.count { throw parser.error(MessageText("json.empty")) }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.offset < bytes.count {
            throw parser.error(MessageText("json.after-end", texts: ["found": parser.describeCurrent()]))
        }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error(MessageText("json.end-expected-value")) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            throw error(wordHint())
        default:
            throw error(MessageText("json.expected-value", texts: ["found": describeCurrent()]))
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try checkDepth(depth)
        offset += 1
        var members: [JSONObject.Member] = []
        var seen: Set<String>?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(JSONObject(members: members))
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(MessageText("json.expected-name", texts: ["found": describeCurrent()]))
            }
            let keyStart = offset
            let key = try parseString()
            if seen == nil, members.count >= Self.membersCheckedInOrder { seen = Set(members.map(\.key)) }
            let isNew = seen?.insert(key).inserted ?? !members.contains { $0.key == key }
            guard isNew else {
                offset = keyStart
                throw error(MessageText("json.duplicate-member", ["key": key]))
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error(MessageText("json.expected-colon", ["key": key], texts: ["found": describeCurrent()]))
            }
            offset += 1
            skipWhitespace()
            components.append(.key(key))
            let value = try parseValue(depth: depth)
            components.removeLast()
            members.append(.init(key: key, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return .object(JSONObject(members: members))
            default: throw error(MessageText("json.expected-member-end", texts: ["found": describeCurrent()]))
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try checkDepth(depth)
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            components.append(.index(elements.count))
            elements.append(try parseValue(depth: depth))
            components.removeLast()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return .array(elements)
            default: throw error(MessageText("json.expected-element-end", texts: ["found": describeCurrent()]))
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > maximumDepth {
            throw error(MessageText("json.too-deep", ["maximum": String(maximumDepth)]))
        }
    }

    /// A hint for a bare word where a value belongs: a capitalised keyword, or NaN/Infinity.
    private func wordHint() -> MessageText {
        var end = offset
        while end < bytes.count, end - offset < 16,
              (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) {
            end += 1
        }
        let word = String(decoding: bytes[offset..<end], as: UTF8.self)
        if ["true", "false", "null"].contains(word.lowercased()) {
            return MessageText("json.keyword-case", ["keyword": word.lowercased()], texts: ["found": describeCurrent()])
        }
        if ["nan", "infinity", "inf"].contains(word.lowercased()) {
            return MessageText("json.not-finite", ["word": word], texts: ["found": describeCurrent()])
        }
        return MessageText("json.unquoted-text", texts: ["found": describeCurrent()])
    }

    // MARK: Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count - offset >= expected.count,
              bytes[offset..<(offset + expected.count)].elementsEqual(expected) else {
            throw error(MessageText("json.keyword-case", ["keyword": "\(literal)"], texts: ["found": describeCurrent()]))
        }
        offset += expected.count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, isDigit(first) else { throw error(MessageText("json.minus-without-digit")) }
        offset += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
            throw error(MessageText("json.leading-zero"))
        }
        skipDigits()
        if current == UInt8(ascii: ".") {
            offset += 1
            guard let digit = current, isDigit(digit) else { throw error(MessageText("json.no-fraction-digits")) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard let digit = current, isDigit(digit) else { throw error(MessageText("json.no-exponent-digits")) }
            skipDigits()
        }
        return JSONNumber(literal: String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = offset
        // Most strings have no escape: made straight from their bytes once the closing quote is
        // found, without copying them a byte at a time.
        var end = quote + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[(quote + 1)..<end], as: UTF8.self) else {
                throw error(MessageText("json.invalid-utf8"))
            }
            offset = end + 1
            return text
        }
        offset += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else {
                offset = quote
                throw error(MessageText("json.unclosed-string"))
            }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    offset = quote
                    throw error(MessageText("json.invalid-utf8"))
                }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error(MessageText("json.unescaped-control", ["character": "U+" + hex(UInt32(byte))]))
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error(MessageText("json.end-in-escape")) }
        offset += 1
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            offset -= 2
            throw error(MessageText("json.unknown-escape", ["escape": "\\\(Character(Unicode.Scalar(byte)))"]))
        }
        var scalar = try parseHexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate; together they name one scalar.
            guard current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                throw error(MessageText("json.lone-high-surrogate", ["escape": "\\u\(hex(scalar))"]))
            }
            offset += 2
            let low = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(MessageText("json.not-low-surrogate", ["escape": "\\u\(hex(low))", "high": "\\u\(hex(scalar))"]))
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error(MessageText("json.lone-low-surrogate", ["escape": "\\u\(hex(scalar))"]))
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error(MessageText("json.not-a-character", ["escape": "\\u\(hex(scalar))"])) }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                throw error(MessageText("json.short-unicode-escape"))
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Position and errors

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func peek(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func describeCurrent() -> MessageText {
        guard let byte = current else { return MessageText("json.end-of-input") }
        if byte >= 0x21 && byte < 0x7F { return MessageText("json.character", ["character": "'\(Character(Unicode.Scalar(byte)))'"]) }
        if byte < 0x80 { return MessageText("json.control", ["character": "U+\(hex(UInt32(byte)))"]) }
        // Name the whole character, not its first UTF-8 byte.
        var end = offset + 1
        while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        if let text = String(validating: bytes[offset..<end], as: UTF8.self), let character = text.first {
            return MessageText("json.character", ["character": "'\(character)'"])
        }
        return MessageText("json.invalid-byte", ["byte": "0x\(String(byte, radix: 16, uppercase: true))"])
    }

    private func error(_ text: MessageText) -> JSONSyntaxError {
        // Columns count characters, not bytes, so they match what an editor shows for Polish text.
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = 1 + bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return JSONSyntaxError(path: path, line: line, column: column, text: text)
    }
}

/// A document that is not well-formed JSON: where it failed and why.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value being read when the error was found (`$` at the top level).
    package let path: JSONPath
    package let line: Int
    package let column: Int
    /// Why, by key, to tell in any language.
    package let text: MessageText
    /// Why, in English.
    package var message: String { MessageCatalog.tell(text, in: .english) }

    package var description: String {
        "\(path): invalid JSON at line \(line), column \(column): \(message)"
    }

    /// The same error in a document that starts `lines` lines further down its file.
    func shifted(byLines lines: Int) -> JSONSyntaxError {
        JSONSyntaxError(path: path, line: line + lines, column: column, text: text)
    }
}

extension InputError {
    /// A syntax error as an input error at the path being read, with its line and column.
    package init(_ syntax: JSONSyntaxError) {
        self.init(at: syntax.path, MessageText("json.invalid", ["line": String(syntax.line), "column": String(syntax.column)], texts: ["why": syntax.text]),
                  code: InputError.syntaxCode)
    }
}
