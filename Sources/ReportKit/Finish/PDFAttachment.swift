import FoundationEssentials
import Glibc

/// A file carried inside a PDF as a PDF/A-3 associated file (ISO 19005-3, 6.8): the job a report
/// was made from, and the record of the application, so that the report re-opens as its data.
public struct PDFAttachment: Sendable, Hashable {
    /// How the file relates to the document (ISO 32000-2, 14.13.2, /AFRelationship).
    public enum Relationship: String, Sendable, Hashable {
        /// What the document was made from (the job as read).
        case source = "Source"
        /// Data the document shows, in a machine-readable form (the record).
        case data = "Data"
        case alternative = "Alternative"
        case supplement = "Supplement"
        case unspecified = "Unspecified"
    }

    /// The file's name in the PDF, unique within it.
    public var name: String
    public var description: String
    public var relationship: Relationship
    /// The file's media type (`application/json`).
    public var mediaType: String
    public var bytes: [UInt8]

    public init(name: String, description: String, relationship: Relationship, mediaType: String = "application/json", bytes: [UInt8]) {
        self.name = name
        self.description = description
        self.relationship = relationship
        self.mediaType = mediaType
        self.bytes = bytes
    }
}
