/// How wide a child of an ``HStack`` (or a table column) is.
package enum ColumnWidth: Sendable, Hashable {
    /// Exactly this many points.
    case fixed(Double)
    /// This share of the width left after fixed and natural widths (shares are relative to each other).
    case fraction(Double)
    /// As wide as its content wants.
    case natural
    /// In a table: as wide as its values (body and total cells) want; the header wraps to fit,
    /// but is never narrower than its longest word. Elsewhere the same as `natural`.
    case values
}
