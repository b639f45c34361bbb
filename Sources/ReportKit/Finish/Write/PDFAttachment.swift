import FoundationEssentials
import Glibc

/// A file carried inside a PDF as a PDF/A-3 associated file (ISO 19005-3, 6.8): the job a report
/// was made from, and the record of the application, so that the report re-opens as its data.
package struct PDFAttachment: Sendable, Hashable {
    /// How the file relates to the document (ISO 32000-2, 14.13.2, /AFRelationship).
    package enum Relationship: String, Sendable, Hashable {
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

/// An attachment as the finished PDF stores it: its bytes already compressed the way finishing
/// compresses a stream. A combined document holds every job's files until it is finished, so
/// it holds them this small (a job's plan, 3.3 KB, is 1 KB stored); the file's bytes are the same.
struct StoredAttachment: Sendable {
    let name: String
    let description: String
    let relationship: PDFAttachment.Relationship
    let mediaType: String
    /// The file's own size, which its stream's /Params records.
    let size: Int
    /// What the stream holds: the file's bytes, deflated when ``isCompressed``.
    let stored: [UInt8]
    let isCompressed: Bool

    init(_ attachment: PDFAttachment) throws(RenderError) {
        name = attachment.name
        description = attachment.description
        relationship = attachment.relationship
        mediaType = attachment.mediaType
        size = attachment.bytes.count
        isCompressed = attachment.bytes.count >= Flate.smallestWorthCompressing
        let bytes = isCompressed ? try Flate.deflate(attachment.bytes) : attachment.bytes
        // Copied to their size: zlib's output and a JSON document are made in arrays with room
        // to spare (3.4 KB for a 1 KB plan, 4 KB for a 0.5 KB job), which a thousand jobs kept.
        // (Array(bytes[...]) would share the same storage.)
        stored = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }
}
