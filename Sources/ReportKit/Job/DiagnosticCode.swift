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
    /// A magnitude beyond what a job may hold (``JobLimits``: area, spray volume, tank, rate),
    /// or more items than a list takes (products, parcels, loads).
    static let limit = "input.limit"
    /// A format version this report-gen does not read.
    static let version = "input.version"
    /// A date or time that cannot be read, or a date and time where a day goes.
    static let date = "input.date"
    /// Times out of order (an end before its start, a record made before the application ended).
    static let order = "input.order"
    /// A time zone the system's database does not have.
    static let timeZone = "input.time-zone"
    /// Areas that contradict each other (a crop smaller than the area treated, parcels larger).
    static let area = "input.area"
    /// A parcel that names no parcel.
    static let parcel = "input.parcel"
    /// An EPPO code not of the code's form.
    static let eppoCode = "input.eppo-code"
    /// A BBCH stage outside 0-99, or a range that runs backwards or has more than two stages.
    static let bbch = "input.bbch"
    /// Liquid products taking more than the spray volume they are mixed into.
    static let mix = "input.mix"
    /// The hint of an EPPO code the job could give for a crop or target it names.
    static let eppoHint = "hint.eppo-code"
}
