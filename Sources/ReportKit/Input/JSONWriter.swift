/// Writes a ``JSONValue`` as pretty-printed JSON, members in their given order, so that output
/// documents read in the order they are specified and are the same bytes every time.
public enum JSONWriter {
    public static func write(_ value: JSONValue, indent: String = "  ") -> String {
        // Written as UTF-8 bytes: appending to a String piece by piece costs several times more.
        var output: [UInt8] = []
        output.reserveCapacity(4_096)
        write(value, level: 0, indent: Array(indent.utf8), into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, level: Int, indent: [UInt8], into output: inout [UInt8]) {
        func newline(_ level: Int) {
            output.append(UInt8(ascii: "\n"))
            for _ in 0..<level { output += indent }
        }
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .number(let number): output += number.literal.utf8
        case .string(let text): writeString(text, into: &output)
        case .array(let elements) where elements.isEmpty: output += "[]".utf8
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                write(element, level: level + 1, indent: indent, into: &output)
            }
            newline(level)
            output.append(UInt8(ascii: "]"))
        case .object(let object) where object.members.isEmpty: output += "{}".utf8
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                writeString(member.key, into: &output)
                output += ": ".utf8
                write(member.value, level: level + 1, indent: indent, into: &output)
            }
            newline(level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += #"\""#.utf8
            case UInt8(ascii: "\\"): output += #"\\"#.utf8
            case UInt8(ascii: "\n"): output += #"\n"#.utf8
            case UInt8(ascii: "\r"): output += #"\r"#.utf8
            case UInt8(ascii: "\t"): output += #"\t"#.utf8
            case ..<0x20:
                let hex = String(byte, radix: 16)
                output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// A number value from a finite double, written in its shortest exact form (`2250`, `5.333333333333333`).
    public static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 9e15 {
            return .number(JSONNumber(literal: String(Int64(value))))
        }
        return .number(JSONNumber(literal: String(value)))
    }

    /// An object from members in order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(members: members.map { JSONObject.Member(key: $0.key, value: $0.value) }))
    }
}
