import FoundationEssentials
import Glibc

/// A name in the template's data: `field.name`, `load.products[product.index]`, `t.reportTitle`.
struct ValuePath: Sendable, CustomStringConvertible {
    enum Segment: Sendable {
        case name(String)
        case index(Int)
        /// An index that is itself a value (`[product.index]`).
        case indexPath(ValuePath)
    }

    let segments: [Segment]
    let description: String

    /// Parses a path; the message says what is wrong.
    static func parse(_ text: String) -> Result<ValuePath, PatternError> {
        var scanner = PathScanner(characters: Array(text.unicodeScalars))
        return scanner.path().flatMap { path in
            scanner.atEnd ? .success(path) : .failure(PatternError("unexpected \"\(scanner.rest)\" after \"\(path)\" in \"\(text)\""))
        }
    }
}

/// Reads a path by Unicode scalars: a template has a few thousand of them, and reading each as a
/// Character (grapheme breaking, a property table a letter) was most of a template's loading.
private struct PathScanner {
    let characters: [Unicode.Scalar]
    var position = 0

    var atEnd: Bool { position >= characters.count }
    var rest: String { String(String.UnicodeScalarView(characters[position...])) }
    var whole: String { String(String.UnicodeScalarView(characters)) }

    mutating func path() -> Result<ValuePath, PatternError> {
        let start = position
        var segments: [ValuePath.Segment] = []
        guard let first = name() else { return .failure(PatternError("expected a name such as field.name, found \"\(rest)\"")) }
        segments.append(.name(first))
        while !atEnd {
            if characters[position] == "." {
                position += 1
                guard let next = name() else { return .failure(PatternError("expected a name after \".\" in \"\(whole)\"")) }
                segments.append(.name(next))
            } else if characters[position] == "[" {
                position += 1
                let digits = String(String.UnicodeScalarView(characters[position...].prefix { $0 >= "0" && $0 <= "9" }))
                if !digits.isEmpty, let index = Int(digits) {
                    position += digits.count
                    segments.append(.index(index))
                } else {
                    switch path() {
                    case .success(let inner): segments.append(.indexPath(inner))
                    case .failure(let error): return .failure(error)
                    }
                }
                guard !atEnd, characters[position] == "]" else { return .failure(PatternError("expected \"]\" in \"\(whole)\"")) }
                position += 1
            } else {
                break
            }
        }
        return .success(ValuePath(segments: segments, description: String(String.UnicodeScalarView(characters[start..<position]))))
    }

    private mutating func name() -> String? {
        let name = characters[position...].prefix { Self.isLetter($0) || Self.isNumber($0) || $0 == "_" }
        guard let first = name.first, Self.isLetter(first) || first == "_" else { return nil }
        position += name.count
        return String(String.UnicodeScalarView(name))
    }

    /// A letter of any script; an ASCII one without a look-up.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    private static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar >= "0" && scalar <= "9" }
        return scalar.properties.numericType != nil
    }
}

/// How a value is written into text.
enum ValueFormat: Sendable, Equatable {
    /// The value as a person reads it: quantities with their unit, dates with the time.
    case plain
    /// A quantity's number alone, with all its decimals so columns line up.
    case number
    /// A quantity's unit symbol.
    case unit
    /// A date without the time.
    case date
    case upper
    /// A whole number with the plural form of a word from the locale's `plurals`.
    case plural(String)
    /// How many items a list has.
    case count

    static let names = ["number", "unit", "date", "upper", "plural:<key>", "count"]

    init?(_ text: String) {
        switch text {
        case "number": self = .number
        case "unit": self = .unit
        case "date": self = .date
        case "upper": self = .upper
        case "count": self = .count
        default:
            guard text.hasPrefix("plural:"), text.count > 7 else { return nil }
            self = .plural(String(text.dropFirst(7)))
        }
    }
}

/// Text with placeholders: `{t.load} {load.number}`, `{load.water|number}`; `{{` and `}}` are
/// literal braces. Parsed when the template loads, so a typo is found before any report is made.
struct TextPattern: Sendable {
    enum Part: Sendable {
        case literal(String)
        case value(ValuePath, ValueFormat)
    }

    let parts: [Part]

    /// True when the text is a single placeholder and nothing else (its value may be a list).
    var singlePath: ValuePath? {
        if parts.count == 1, case .value(let path, .plain) = parts[0] { return path }
        return nil
    }

    static func parse(_ text: String) -> Result<TextPattern, PatternError> {
        // Most of a template's texts have no placeholder at all.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
            return .success(TextPattern(parts: text.isEmpty ? [] : [.literal(text)]))
        }
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
            } else if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{" {
                guard let close = text[next...].firstIndex(of: "}") else {
                    return .failure(PatternError("\"{\" is not closed in \"\(text)\"; write {{ for a literal brace"))
                }
                let inside = text[next..<close]
                let pieces = inside.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                let pathText = Self.trimmingSpaces(pieces[0])
                var format = ValueFormat.plain
                if pieces.count == 2 {
                    let name = Self.trimmingSpaces(pieces[1])
                    guard let parsed = ValueFormat(name) else {
                        return .failure(PatternError("unknown format \"\(name)\" in \"{\(inside)}\"; expected one of \(ValueFormat.names.joined(separator: ", "))"))
                    }
                    format = parsed
                }
                switch ValuePath.parse(pathText) {
                case .success(let path):
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = ""
                    parts.append(.value(path, format))
                case .failure(let error):
                    return .failure(error)
                }
                index = text.index(after: close)
            } else if character == "}" {
                return .failure(PatternError("\"}\" without \"{\" in \"\(text)\"; write }} for a literal brace"))
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(TextPattern(parts: parts))
    }
    /// `text` without the spaces and tabs around it (Unicode space separators, as Foundation's
    /// `CharacterSet.whitespaces`); a line break is kept and so refused as part of a name.
    private static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ character: Character) -> Bool {
            if character.isASCII { return character == " " || character == "\t" }
            return character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}

/// What is wrong with a placeholder or path.
struct PatternError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
