/// Reads typed values out of a ``JSONValue`` tree, recording every problem with its path instead of
/// stopping at the first one, so a user sees all that is wrong with a file at once.
struct JSONReader {
    /// A value and where it is.
    struct Node {
        let value: JSONValue
        let path: JSONPath
    }

    /// An object whose keys were checked against the ones its format allows.
    struct ObjectNode {
        let object: JSONObject
        let path: JSONPath

        /// The member `key`; nil when it is absent or `null`.
        func optional(_ key: String) -> Node? {
            guard let value = object[key], value != .null else { return nil }
            return Node(value: value, path: path.appending(key))
        }
    }

    private(set) var diagnostics: [Diagnostic] = []
    /// The zone UTC times are shown in when a job names none (`--time-zone`).
    var defaultTimeZone: TimeZoneRules?

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// An error at `path`; `code` is its stable code (``DiagnosticCode``), where the check has one.
    mutating func error(_ path: JSONPath, _ text: MessageText, code: String? = nil) {
        diagnostics.append(Diagnostic(.error, at: path, text, code: code))
    }

    mutating func warning(_ path: JSONPath, _ text: MessageText, notice: Notice? = nil) {
        diagnostics.append(Diagnostic(.warning, at: path, text, notice: notice))
    }

    /// An error of a definition or catalogue file in words of its own, which its author reads in English.
    mutating func error(_ path: JSONPath, _ message: String, code: String? = nil) {
        error(path, .plain(message), code: code)
    }

    // MARK: Structure

    /// Reads an object. Keys not in `allowed` are errors when `unknownKeysAreErrors` (a misspelt
    /// optional field must not vanish from a record), warnings otherwise.
    mutating func object(_ node: Node, allowed: [String], unknownKeysAreErrors: Bool = true) -> ObjectNode? {
        guard case .object(let object) = node.value else {
            error(node.path, Self.expected("json.an-object", found: node.value), code: DiagnosticCode.type)
            return nil
        }
        for key in object.keys where !allowed.contains(key) {
            var values = ["key": key, "allowed": allowed.joined(separator: ", ")]
            let suggestion = Self.closest(to: key, in: allowed)
            values["suggestion"] = suggestion
            let ignored = unknownKeysAreErrors ? "" : ".ignored"
            let text = MessageText((suggestion == nil ? "input.unknown-field" : "input.unknown-field-suggest") + ignored, values)
            if unknownKeysAreErrors {
                error(node.path.appending(key), text, code: DiagnosticCode.unknownField)
            } else {
                warning(node.path.appending(key), text, notice: .ignoredKey(key))
            }
        }
        return ObjectNode(object: object, path: node.path)
    }

    /// The member `key`, which must be present and not null.
    ///
    /// `expected` is made only when the key is missing: most keys are there, and a message's
    /// words (a unit's accepted symbols, a list of choices) cost more to make than the reading.
    mutating func required(_ key: String, in object: ObjectNode, expected: @autoclosure () -> MessageText) -> Node? {
        if let node = object.optional(key) { return node }
        error(object.path.appending(key), MessageText("input.missing", texts: ["expected": expected()]), code: DiagnosticCode.missing)
        return nil
    }

    /// ``required(_:in:expected:)`` for a definition or catalogue file, in English words.
    mutating func required(_ key: String, in object: ObjectNode, expected: @autoclosure () -> String) -> Node? {
        required(key, in: object, expected: .plain(expected()))
    }

    mutating func array(_ node: Node) -> [Node]? {
        guard case .array(let elements) = node.value else {
            error(node.path, Self.expected("json.an-array", found: node.value), code: DiagnosticCode.type)
            return nil
        }
        return elements.enumerated().map { Node(value: $1, path: node.path.appending(index: $0)) }
    }

    // MARK: Scalars

    /// A finite number.
    mutating func number(_ node: Node) -> Double? {
        switch node.value {
        case .number(let number):
            guard let value = number.value else {
                error(node.path, MessageText("input.number-too-large", ["number": number.literal]), code: DiagnosticCode.number)
                return nil
            }
            // 1e-999 reads as 0; saying "got 0" would blame the user for a zero they did not write.
            if value == 0, number.literal.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
                error(node.path, MessageText("input.number-too-small", ["number": number.literal]), code: DiagnosticCode.number)
                return nil
            }
            return value
        case .string(let text) where Double(text).map({ !$0.isFinite }) == true:
            error(node.path, MessageText("input.number-not-finite", ["text": text]), code: DiagnosticCode.number)
            return nil
        case .string(let text) where Double(text) != nil:
            error(node.path, MessageText("input.number-in-quotes", ["text": text]), code: DiagnosticCode.type)
            return nil
        default:
            error(node.path, Self.expected("json.a-number", found: node.value), code: DiagnosticCode.type)
            return nil
        }
    }

    /// A number greater than zero.
    mutating func positiveNumber(_ node: Node) -> Double? {
        guard let value = number(node) else { return nil }
        if let problem = JobRules.positive(value) {
            error(node.path, problem, code: DiagnosticCode.range)
            return nil
        }
        return value
    }

    /// A finite number within `range`; outside it, an error names the range (in `unit`, when the
    /// number has one), so every value that reaches cairo or Pango is one they can take.
    mutating func number(_ node: Node, in range: ClosedRange<Double>, unit: String = "") -> Double? {
        guard let value = number(node) else { return nil }
        guard range.contains(value) else {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            let values = ["lowest": Self.format(range.lowerBound), "highest": Self.format(range.upperBound) + suffix, "value": Self.format(value)]
            error(node.path, MessageText("input.out-of-range", values), code: DiagnosticCode.range)
            return nil
        }
        return value
    }

    /// A string of at most `maximumLength` characters that keeps ``TextRules``: no control
    /// characters (multi-line text: line breaks and tabs only), no line separators in single-line
    /// text, no bidirectional overrides.
    mutating func text(_ node: Node, maximumLength: Int = JobLimits.maximumTextLength, multiline: Bool = false) -> String? {
        guard case .string(let text) = node.value else {
            error(node.path, Self.expected("json.a-string", found: node.value), code: DiagnosticCode.type)
            return nil
        }
        if let problem = JobRules.text(text, maximumLength: maximumLength, multiline: multiline) {
            error(node.path, problem, code: DiagnosticCode.text)
            return nil
        }
        return text
    }

    /// A string naming a unit of type `Unit`.
    mutating func unit<Unit: InputUnit>(_ node: Node, as _: Unit.Type) -> Unit? {
        guard case .string(let symbol) = node.value else {
            error(node.path, MessageText("input.unit-not-string", texts: ["kind": Self.kind(Unit.kindName), "found": Self.found(node.value)]),
                  code: DiagnosticCode.type)
            return nil
        }
        if let unit = Unit(symbol: symbol) { return unit }
        let symbols = Unit.acceptedSymbols.map { "\"\($0)\"" }.joined(separator: ", ")
        let text: MessageText
        if let otherKind = UnitKinds.kindName(of: symbol) {
            text = MessageText("input.unit-other-kind", ["symbol": symbol, "symbols": symbols],
                               texts: ["otherKind": Self.kind(otherKind, article: true), "kind": Self.kind(Unit.kindName, article: true),
                                       "kindWord": Self.kind(Unit.kindName)])
        } else if let suggestion = Unit.acceptedSymbols.first(where: { $0.lowercased() == symbol.lowercased() }) {
            text = MessageText("input.unit-unknown-suggest", ["symbol": symbol, "suggestion": suggestion, "symbols": symbols],
                               texts: ["kind": Self.kind(Unit.kindName)])
        } else {
            text = MessageText("input.unit-unknown", ["symbol": symbol, "symbols": symbols], texts: ["kind": Self.kind(Unit.kindName)])
        }
        error(node.path, text, code: DiagnosticCode.unit)
        return nil
    }

    /// One of a fixed set of words (an enum's raw values).
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, as _: Choice.Type) -> Choice? where Choice.RawValue == String {
        if case .string(let word) = node.value, let choice = Choice(rawValue: word) { return choice }
        // "a" or "b"; "a", "b" or "c", with the "or" of the message's language: made for an error
        // only.
        let words = Choice.allCases.map { "\"\($0.rawValue)\"" }
        let choices = words.count > 1 ? MessageText("list.or", ["first": words.dropLast().joined(separator: ", "), "last": words[words.count - 1]])
            : MessageText("list.one", ["item": words.joined()])
        guard case .string(let word) = node.value else {
            error(node.path, MessageText("input.choice-type", texts: ["choices": choices, "found": Self.found(node.value)]), code: DiagnosticCode.type)
            return nil
        }
        error(node.path, MessageText("input.choice-unknown", ["word": word], texts: ["choices": choices]), code: DiagnosticCode.choice)
        return nil
    }

    // MARK: Helpers

    /// "expected a number, found a string": what a value should have been and what it is.
    static func expected(_ what: String, found value: JSONValue) -> MessageText {
        MessageText("input.expected-found", texts: ["expected": MessageText(what), "found": found(value)])
    }

    /// What a JSON value is, in words ("a string", "null").
    static func found(_ value: JSONValue) -> MessageText {
        switch value {
        case .null: MessageText("json.null")
        case .bool: MessageText("json.a-boolean")
        case .number: MessageText("json.a-number")
        case .string: MessageText("json.a-string")
        case .array: MessageText("json.an-array")
        case .object: MessageText("json.an-object")
        }
    }

    /// A kind of unit in words ("area unit"), or with its article ("an area unit").
    static func kind(_ kindName: String, article: Bool = false) -> MessageText {
        MessageText("unit-kind." + kindName.replacing(" ", with: "-") + (article ? ".a" : ""))
    }

    /// Formats a number for an error message without exponent noise for ordinary values.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The allowed key nearest to a misspelt one, when it is near enough to be a likely typo.
    static func closest(to key: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, key.count / 3) else { return nil }
        return best.0
    }

    /// Edit distance where swapping two neighbouring letters counts as one edit, as do inserting,
    /// deleting and replacing one (optimal string alignment): "titel" is one edit from "title".
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for (i, characterA) in a.enumerated() {
            var current = [i + 1]
            for (j, characterB) in b.enumerated() {
                var distance = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (characterA == characterB ? 0 : 1))
                if i > 0, j > 0, characterA == b[j - 1], a[i - 1] == characterB {
                    distance = min(distance, beforePrevious[j - 1] + 1)
                }
                current.append(distance)
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
