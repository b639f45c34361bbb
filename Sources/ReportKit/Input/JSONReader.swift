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
    mutating func error(_ path: JSONPath, _ message: String, code: String? = nil) {
        diagnostics.append(Diagnostic(.error, at: path, message, code: code))
    }

    mutating func warning(_ path: JSONPath, _ message: String, notice: Notice? = nil) {
        diagnostics.append(Diagnostic(.warning, at: path, message, notice: notice))
    }

    // MARK: Structure

    /// Reads an object. Keys not in `allowed` are errors when `unknownKeysAreErrors` (a misspelt
    /// optional field must not vanish from a record), warnings otherwise.
    mutating func object(_ node: Node, allowed: [String], unknownKeysAreErrors: Bool = true) -> ObjectNode? {
        guard case .object(let object) = node.value else {
            error(node.path, "expected an object, found \(node.value.typeDescription)", code: DiagnosticCode.type)
            return nil
        }
        for key in object.keys where !allowed.contains(key) {
            var message = "unknown field \"\(key)\""
            if let suggestion = Self.closest(to: key, in: allowed) { message += "; did you mean \"\(suggestion)\"?" }
            message += " Expected: \(allowed.joined(separator: ", "))"
            if unknownKeysAreErrors {
                error(node.path.appending(key), message, code: DiagnosticCode.unknownField)
            } else {
                warning(node.path.appending(key), message + "; it is ignored", notice: .ignoredKey(key))
            }
        }
        return ObjectNode(object: object, path: node.path)
    }

    /// The member `key`, which must be present and not null.
    mutating func required(_ key: String, in object: ObjectNode, expected: String) -> Node? {
        if let node = object.optional(key) { return node }
        error(object.path.appending(key), "missing required field; expected \(expected)", code: DiagnosticCode.missing)
        return nil
    }

    mutating func array(_ node: Node) -> [Node]? {
        guard case .array(let elements) = node.value else {
            error(node.path, "expected an array, found \(node.value.typeDescription)", code: DiagnosticCode.type)
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
                error(node.path, "\(number.literal) is too large to be a number here; expected a finite number", code: DiagnosticCode.number)
                return nil
            }
            // 1e-999 reads as 0; saying "got 0" would blame the user for a zero they did not write.
            if value == 0, number.literal.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
                error(node.path, "\(number.literal) is too small to be a number here (it rounds to 0); expected a usable number", code: DiagnosticCode.number)
                return nil
            }
            return value
        case .string(let text) where Double(text).map({ !$0.isFinite }) == true:
            error(node.path, "\"\(text)\" is not a finite number; expected a number", code: DiagnosticCode.number)
            return nil
        case .string(let text) where Double(text) != nil:
            error(node.path, "expected a number, found the string \"\(text)\"; write numbers without quotes", code: DiagnosticCode.type)
            return nil
        default:
            error(node.path, "expected a number, found \(node.value.typeDescription)", code: DiagnosticCode.type)
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
            error(node.path, "must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))\(suffix), got \(Self.format(value))", code: DiagnosticCode.range)
            return nil
        }
        return value
    }

    /// A string of at most `maximumLength` characters that keeps ``TextRules``: no control
    /// characters (multi-line text: line breaks and tabs only), no line separators in single-line
    /// text, no bidirectional overrides.
    mutating func text(_ node: Node, maximumLength: Int = JobLimits.maximumTextLength, multiline: Bool = false) -> String? {
        guard case .string(let text) = node.value else {
            error(node.path, "expected a string, found \(node.value.typeDescription)", code: DiagnosticCode.type)
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
            error(node.path, "expected the \(Unit.kindName) as a string, found \(node.value.typeDescription)", code: DiagnosticCode.type)
            return nil
        }
        if let unit = Unit(symbol: symbol) { return unit }
        var message = "unknown \(Unit.kindName) \"\(symbol)\""
        if let otherKind = UnitKinds.kindName(of: symbol) {
            message = "\"\(symbol)\" is \(Self.withArticle(otherKind)), not \(Self.withArticle(Unit.kindName))"
        } else if let suggestion = Unit.acceptedSymbols.first(where: { $0.lowercased() == symbol.lowercased() }) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        message += ". Expected one of: \(Unit.acceptedSymbols.map { "\"\($0)\"" }.joined(separator: ", "))"
        error(node.path, message, code: DiagnosticCode.unit)
        return nil
    }

    /// One of a fixed set of words (an enum's raw values).
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, as _: Choice.Type) -> Choice? where Choice.RawValue == String {
        // "a" or "b"; "a", "b" or "c".
        let words = Choice.allCases.map { "\"\($0.rawValue)\"" }
        let expected = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1] : words.joined()
        guard case .string(let word) = node.value else {
            error(node.path, "expected \(expected), found \(node.value.typeDescription)", code: DiagnosticCode.type)
            return nil
        }
        guard let choice = Choice(rawValue: word) else {
            error(node.path, "unknown value \"\(word)\"; expected \(expected)", code: DiagnosticCode.choice)
            return nil
        }
        return choice
    }

    // MARK: Helpers

    /// "an area unit", "a tank volume unit".
    static func withArticle(_ noun: String) -> String {
        ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun
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
