/// The stable codes of the input's diagnostics (docs/diagnostics.md), what a program acts on
/// instead of a message's words: each names the kind of check that failed, under the rule
/// `input`. The record's gaps have theirs (`record.pl.cadastral`, ``RecordJurisdiction``).
enum DiagnosticCode {
    /// Not JSON at all.
    static let syntax = "input.json.syntax"
    /// JSON that is neither a job nor a history.
    static let notAJob = "input.not-a-job"
    /// A value of the wrong JSON type (a string where a number goes).
    static let type = "input.type"
    /// A required field left out.
    static let missing = "input.missing"
    /// A field the format does not have (a misspelt one).
    static let unknownField = "input.unknown-field"
    /// A number that cannot be used (too large to be finite, rounding to zero).
    static let number = "input.number"
    /// A number outside what its field takes (not positive, out of its range).
    static let range = "input.range"
    /// A text too long, or with characters a report must not print.
    static let text = "input.text"
    /// A unit the field does not know.
    static let unit = "input.unit"
    /// A word not among the field's values.
    static let choice = "input.choice"
    /// A magnitude beyond what a job may hold (``JobLimits``: area, spray volume, tank, rate).
    static let limit = "input.limit"
}
