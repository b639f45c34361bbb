/// Writes a ``JSONValue`` as pretty-printed JSON, members in their given order, so that output
/// documents read in the order they are specified and are the same bytes every time.
package enum JSONWriter {
    package static func write(_ value: JSONValue, indent: String = "  ") -> String {
        String(decoding: bytes(value, indent: indent), as: UTF8.self)
    }

    /// The same document as UTF-8 bytes, for a file or an attachment (no String made and copied).
    package static func bytes(_ value: JSONValue, indent: String = "  ") -> [UInt8] {
        // Written as UTF-8 bytes: appending to a String piece by piece costs several times more.
        var output: [UInt8] = []
        output.reserveCapacity(4_096)
        write(value, level: 0, indent: Array(indent.utf8), into: &output)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// The document on one line, as pretty-printing with no indent and no line breaks writes it
    /// (`{"a": 1,"b": [2,3]}`): a record's line of JSON Lines, written without the line breaks
    /// that filtering them out afterwards cost.
    package static func singleLine(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(1_024)
        write(value, level: 0, indent: [], lineBreaks: false, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The document on one line with no space at all (`{"a":1,"b":[2,3]}`): for a QR code, where
    /// every byte is paid for in modules.
    package static func compact(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        writeCompact(value, into: &output)
        return output
    }

    private static func writeCompact(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(elements[index], into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for index in object.members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(object.members[index].key, into: &output)
                output.append(UInt8(ascii: ":"))
                writeCompact(object.members[index].value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        default:
            write(value, level: 0, indent: [], into: &output)
        }
    }

    // Every document a report attaches comes through here (its plan and its record, a thousand
    // values each): literals are appended from their static bytes and strings from their own
    // storage, never through the generic sequence path.
    private static func write(_ value: JSONValue, level: Int, indent: [UInt8], lineBreaks: Bool = true, into output: inout [UInt8]) {
        func newline(_ level: Int) {
            guard lineBreaks else { return }
            output.append(UInt8(ascii: "\n"))
            for _ in 0..<level { output.append(contentsOf: indent) }
        }
        switch value {
        case .null: appendStatic("null", to: &output)
        case .bool(let flag): appendStatic(flag ? "true" : "false", to: &output)
        case .number(let number): append(number.literal, to: &output)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements) where elements.isEmpty: appendStatic("[]", to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                write(elements[index], level: level + 1, indent: indent, lineBreaks: lineBreaks, into: &output)
            }
            newline(level)
            output.append(UInt8(ascii: "]"))
        case .object(let object) where object.members.isEmpty: appendStatic("{}", to: &output)
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for index in object.members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                writeString(object.members[index].key, into: &output)
                appendStatic(": ", to: &output)
                write(object.members[index].value, level: level + 1, indent: indent, lineBreaks: lineBreaks, into: &output)
            }
            newline(level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func appendStatic(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
            output.append(contentsOf: text.utf8)
        }
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ escape($0, into: &output) }) == nil {
            escape(Array(text.utf8), into: &output)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `bytes` as the inside of a JSON string: runs that need no escape are copied whole.
    private static func escape<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, into output: inout [UInt8]) where Bytes.Index == Int {
        var start = bytes.startIndex
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: bytes[start..<index])
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): appendStatic(#"\""#, to: &output)
            case UInt8(ascii: "\\"): appendStatic(#"\\"#, to: &output)
            case UInt8(ascii: "\n"): appendStatic(#"\n"#, to: &output)
            case UInt8(ascii: "\r"): appendStatic(#"\r"#, to: &output)
            case UInt8(ascii: "\t"): appendStatic(#"\t"#, to: &output)
            default:
                let hex = String(byte, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &output)
            }
        }
        output.append(contentsOf: bytes[start..<bytes.endIndex])
    }
}

extension JSONValue {
    /// A number value from a finite double, written in its shortest exact form (`2250`, `5.333333333333333`).
    package static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 9e15 {
            return .number(JSONNumber(literal: String(Int64(value)), exactly: value))
        }
        return .number(JSONNumber(literal: String(value), exactly: value))
    }

    /// An object from members in order.
    package static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(members: members.map { JSONObject.Member(key: $0.key, value: $0.value) }))
    }
}
