#if canImport(Glibc)
import Glibc
#endif

/// `SOURCE_DATE_EPOCH` (reproducible builds), the one variable of the environment that output
/// depends on.
public enum SourceDateEpoch {
    /// The variable alone, as the environment a date is resolved from: reading it by itself costs
    /// nothing, where Foundation's whole environment is copied into a dictionary on every call.
    public static var environment: [String: String] {
        guard let value = getenv("SOURCE_DATE_EPOCH") else { return [:] }
        return ["SOURCE_DATE_EPOCH": String(cString: value)]
    }
}
