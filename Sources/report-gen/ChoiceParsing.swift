import ArgumentParser
import ReportKit

/// An option's value read as one of its choices: a near miss names the choice meant
/// ("--theme drak": did you mean 'dark'?), as a misspelt field name or command does.
enum Choice {
    static func parse<Value: RawRepresentable & CaseIterable>(_ text: String) throws -> Value where Value.RawValue == String {
        if let value = Value(rawValue: text) ?? Value(rawValue: text.lowercased()) { return value }
        let names = Value.allCases.map(\.rawValue)
        let expected = "expected " + names.map { "'\($0)'" }.joined(separator: ", ")
        if let meant = NearestName.closest(to: text, in: names) { throw ValidationError("did you mean '\(meant)'? \(expected)") }
        throw ValidationError(expected)
    }

    /// The choices, for completion.
    static func completion<Value: RawRepresentable & CaseIterable>(_: Value.Type) -> CompletionKind where Value.RawValue == String {
        .list(Value.allCases.map(\.rawValue))
    }
}
