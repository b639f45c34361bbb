/// What a finished PDF conforms to.
public enum PDFStandard: String, Sendable, CaseIterable {
    /// PDF/A-3b (ISO 19005-3, archival, with the job and its record attached) and PDF/UA-1
    /// (ISO 14289-1, accessible) at once: the default.
    case archivalAccessible = "pdfa-3b-ua-1"
    /// The PDF as cairo writes it, tagged but with no claim of conformance and nothing attached.
    case none

    /// The PDF/A part and conformance level claimed, or nil.
    var archivalPart: (part: Int, conformance: String)? {
        self == .archivalAccessible ? (3, "B") : nil
    }

    /// The PDF/UA part claimed, or nil.
    var accessibilityPart: Int? {
        self == .archivalAccessible ? 1 : nil
    }
}
