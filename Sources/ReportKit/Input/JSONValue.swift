/// A parsed JSON document, kept as written: object members in document order and each number
/// with its literal text, so that errors can quote exactly what the user wrote.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type name a person would use in an error message ("a number", "an object").
    public var typeDescription: String {
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
public struct JSONNumber: Sendable, Equatable {
    public let literal: String
    public let value: Double?

    public init(literal: String) {
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
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public let members: [Member]

    public init(members: [Member]) {
        self.members = members
    }

    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    public var keys: [String] { members.map(\.key) }
}
