/// The SHA-256 of the record a report carries, printed on its pages and written whole into its
/// metadata, so a printed page can be matched to its electronic record (`record.json` attached
/// to the PDF, or the file `report-gen record` writes for the same job).
public struct RecordEvidence: Sendable, Equatable {
    /// 64 lowercase hex digits.
    public let sha256: String

    public init(of bytes: [UInt8]) {
        sha256 = GLibChecksum.sha256(bytes)
    }

    /// The first 16 digits in groups of four, enough to match a page to its file by eye:
    /// `3f2a 9c1d 77e0 1b2c`.
    public var short: String {
        stride(from: 0, to: 16, by: 4).map { start in
            String(sha256.dropFirst(start).prefix(4))
        }.joined(separator: " ")
    }
}
