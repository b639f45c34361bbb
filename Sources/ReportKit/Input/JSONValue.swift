/// A parsed JSON document, kept as written: object members in document order and each number
/// with its literal text, so that errors can quote exactly what the user wrote.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type name a person would use in an error message ("a number", "an object").
    package var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number with its literal text. `value` is nil when the literal does not fit a finite
/// `Double` (for example `1e999`), so such input is reported instead of silently becoming infinity.
package struct JSONNumber: Sendable, Equatable {
    package let literal: String
    package let value: Double?

    package init(literal: String) {
        self.literal = literal
        let parsed = Double(literal)
        self.value = parsed.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A number made from its value (``JSONValue/number(_:)``): the literal is that value written
    /// out exactly, so it is not parsed back.
    init(literal: String, exactly value: Double) {
        self.literal = literal
        self.value = value.isFinite ? value : nil
    }
}

/// A JSON object whose members keep their order; keys are unique (the parser rejects duplicates).
package struct JSONObject: Sendable, Equatable {
    package struct Member: Sendable, Equatable {
        package let key: String
        package let value: JSONValue

        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    package let members: [Member]

    package init(members: [Member]) {
        self.members = members
    }

    package subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    package var keys: [String] { members.map(\.key) }
}
