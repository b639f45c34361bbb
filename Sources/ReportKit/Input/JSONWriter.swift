/// Writes a ``JSONValue`` as pretty-printed JSON, members in their given order, so that output
/// documents read in the order they are specified and are the same bytes every time.
public enum JSONWriter {
    public static func write(_ value: JSONValue, indent: String = "  ") -> String {
        var output = ""
        write(value, level: 0, indent: indent, into: &output)
        output += "\n"
        return output
    }

    private static func write(_ value: JSONValue, level: Int, indent: String, into output: inout String) {
        let inner = String(repeating: indent, count: level + 1)
        let outer = String(repeating: indent, count: level)
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.literal
        case .string(let text): writeString(text, into: &output)
        case .array(let elements) where elements.isEmpty: output += "[]"
        case .array(let elements):
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                output += inner
                write(element, level: level + 1, indent: indent, into: &output)
                output += offset == elements.count - 1 ? "\n" : ",\n"
            }
            output += outer + "]"
        case .object(let object) where object.members.isEmpty: output += "{}"
        case .object(let object):
            output += "{\n"
            for (offset, member) in object.members.enumerated() {
                output += inner
                writeString(member.key, into: &output)
                output += ": "
                write(member.value, level: level + 1, indent: indent, into: &output)
                output += offset == object.members.count - 1 ? "\n" : ",\n"
            }
            output += outer + "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
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
