/// A location inside a JSON document, printed the way JSONPath writes it: `$.products[1].rate`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package private(set) var components: [Component]

    /// The document itself: `$`.
    public static let root = JSONPath(components: [])

    package init(components: [Component]) {
        self.components = components
    }

    public func appending(_ key: String) -> JSONPath {
        appending(component: .key(key))
    }

    public func appending(index: Int) -> JSONPath {
        appending(component: .index(index))
    }

    /// One array made to size: reading a job or a template makes a path for every value it
    /// reads, and `components + [component]` made two.
    private func appending(component: Component) -> JSONPath {
        var longer: [Component] = []
        longer.reserveCapacity(components.count + 1)
        longer += components
        longer.append(component)
        return JSONPath(components: longer)
    }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainIdentifier(key):
                text += ".\(key)"
            case .key(let key):
                // Keys that are not identifiers (spaces, quotes, dots) are written in bracket form
                // so the path stays unambiguous.
                var escaped = String.UnicodeScalarView()
                for scalar in key.unicodeScalars {
                    if scalar == "\\" || scalar == "'" { escaped.append("\\") }
                    escaped.append(scalar)
                }
                text += "['\(String(escaped))']"
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !key.isEmpty else { return false }
        let isLetter: (Unicode.Scalar) -> Bool = { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || $0 == "_" }
        return isLetter(first) && key.unicodeScalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") }
    }
}
