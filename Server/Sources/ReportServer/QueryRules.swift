import Foundation

/// What each query parameter may hold, read from the server's own OpenAPI document
/// (``OpenAPIDocument/text``): enums (of a value, or of each item of a list), integer bounds and
/// patterns, by path, so that a request is checked against the document before any work and a
/// refusal names the parameter and what it takes. The generated code refused a bad enum with
/// "Cannot initialize Theme from invalid String value nope", naming a type no user sees.
///
/// The document is the project's own, written one parameter a few lines: a `name:` line, then its
/// `schema:` (inline, or an `items:` line for a list). Parameters under `components` apply
/// wherever an operation refers to them.
package struct QueryRules: Sendable {
    /// One parameter's rule.
    package struct Rule: Sendable, Equatable {
        package var allowed: [String]?
        package var range: ClosedRange<Int>?
        package var pattern: String?
        package var isList = false
    }

    /// Rules by path (`*` for the shared ones), then by parameter name.
    package let rules: [String: [String: Rule]]

    package static let document = QueryRules(yaml: OpenAPIDocument.text)

    package init(yaml: String) {
        var rules: [String: [String: Rule]] = [:]
        var path = "*", name: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()); name = nil; continue }
            if line == "components:" { path = "*"; name = nil; continue }
            if let named = Self.value(of: "name", in: trimmed.hasPrefix("- ") ? String(trimmed.dropFirst(2)) : trimmed), !named.contains(" ") {
                name = named
                continue
            }
            guard let current = name, trimmed.hasPrefix("schema:") || trimmed.hasPrefix("items:") || trimmed.hasPrefix("type: array") else { continue }
            var rule = rules[path]?[current] ?? Rule()
            if trimmed.hasPrefix("type: array") || trimmed.hasPrefix("items:") { rule.isList = true }
            if let list = Self.bracketed(after: "enum:", in: trimmed) { rule.allowed = list }
            if let low = Self.number(after: "minimum:", in: trimmed), let high = Self.number(after: "maximum:", in: trimmed) { rule.range = low...high }
            if let pattern = Self.quoted(after: "pattern:", in: trimmed) { rule.pattern = pattern }
            rules[path, default: [:]][current] = rule
        }
        self.rules = rules
    }

    /// Why the query of a request to `path` does not hold to the document, naming the first
    /// parameter that does not; nil when it holds.
    package func problem(path: String, query: [(name: String, value: String)]) -> String? {
        for (name, value) in query {
            guard let rule = rules[path]?[name] ?? rules["*"]?[name] else { continue }
            let values = rule.isList ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
            for item in values {
                if let allowed = rule.allowed, !allowed.contains(item) {
                    return "query parameter \(name): expected \(Self.list(allowed)), got \(String(reflecting: item))"
                }
                if let range = rule.range, Int(item).map({ !range.contains($0) }) ?? true {
                    return "query parameter \(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(String(reflecting: item))"
                }
                if let pattern = rule.pattern, item.range(of: pattern, options: .regularExpression) == nil {
                    return "query parameter \(name): expected a name of letters, digits, - and _ (at most 64), got \(String(reflecting: item))"
                }
            }
        }
        return nil
    }

    /// "light or dark", "csv, json or xlsx".
    static func list(_ values: [String]) -> String {
        values.count < 2 ? values.joined() : values.dropLast().joined(separator: ", ") + " or " + values[values.count - 1]
    }

    private static func value(of key: String, in line: String) -> String? {
        guard line.hasPrefix(key + ": ") else { return nil }
        return String(line.dropFirst(key.count + 2)).trimmingCharacters(in: .whitespaces)
    }

    private static func bracketed(after key: String, in line: String) -> [String]? {
        guard let start = line.range(of: key + " ["), let end = line[start.upperBound...].firstIndex(of: "]") else { return nil }
        return line[start.upperBound..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func number(after key: String, in line: String) -> Int? {
        guard let start = line.range(of: key + " ") else { return nil }
        return Int(line[start.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }

    private static func quoted(after key: String, in line: String) -> String? {
        guard let start = line.range(of: key + " '"), let end = line[start.upperBound...].firstIndex(of: "'") else { return nil }
        return String(line[start.upperBound..<end])
    }
}
