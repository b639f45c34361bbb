import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `SOURCE_DATE_EPOCH` (reproducible builds), the one variable of the environment that output
/// depends on.
package enum SourceDateEpoch {
    /// The variable alone, as the environment a date is resolved from: reading it by itself costs
    /// nothing, where Foundation's whole environment is copied into a dictionary on every call.
    public static var environment: [String: String] {
        guard let value = getenv("SOURCE_DATE_EPOCH") else { return [:] }
        return ["SOURCE_DATE_EPOCH": String(cString: value)]
    }

    /// The seconds a date may be given in: from 1970 to the end of the year 9999, the dates a
    /// PDF, ISO 8601 and the record's schema can all write.
    public static let validSeconds: ClosedRange<Int64> = 0...253_402_300_799

    /// The date the variable gives in `environment`; nil when it is not set, or not a whole number
    /// of seconds within ``validSeconds`` (``problem(in:)`` says which, for a caller to refuse).
    public static func date(in environment: [String: String] = environment) -> Date? {
        guard let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text), validSeconds.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// What is wrong with the variable, or nil when it is unset, empty or valid.
    public static func problem(in environment: [String: String] = environment) -> String? {
        // Set but empty counts as unset, as in most tools that read it.
        guard let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty, date(in: environment) == nil else { return nil }
        return "SOURCE_DATE_EPOCH: expected whole seconds since 1970-01-01 UTC, from \(validSeconds.lowerBound) to \(validSeconds.upperBound) (the end of the year 9999), got \(String(reflecting: text))"
    }
}
