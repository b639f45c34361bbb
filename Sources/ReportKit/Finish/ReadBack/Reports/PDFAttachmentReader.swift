/// Reads back the files a report carries (``PDFAttachment``), so that a report re-opens as the job
/// it was made from: `report-gen extract`, and every command given a PDF where a job is expected.
public enum PDFAttachmentReader {
    /// True when `bytes` start as a PDF does (`%PDF-`).
    public static func isPDF<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.starts(with: Array("%PDF-".utf8))
    }

    /// The files attached to the PDF in `bytes`, in the order of its /AF (else its EmbeddedFiles);
    /// with `relationships`, only those (the others are never read).
    package static func attachments(in bytes: [UInt8], name: String,
                                   relationships: Set<PDFAttachment.Relationship>? = nil) throws(RenderError) -> [PDFAttachment] {
        try attachments(of: try QPDFDocument(bytes: bytes, description: name), relationships: relationships)
    }

    /// The files attached to the PDF at `path`, which is read only as far as needed; with
    /// `relationships`, only those (the others are never read).
    package static func attachments(inFile path: String, relationships: Set<PDFAttachment.Relationship>? = nil) throws(RenderError) -> [PDFAttachment] {
        try attachments(of: try QPDFDocument(path: path, description: path), relationships: relationships)
    }

    /// What the PDF at `path` carries, each file with its size in bytes, without keeping any: the
    /// listing of `extract --list` holds one file at a time, whatever their number and size.
    /// The attachments come without their bytes.
    package static func listing(inFile path: String) throws(RenderError) -> [(attachment: PDFAttachment, size: Int)] {
        var listed: [(attachment: PDFAttachment, size: Int)] = []
        try walk(try QPDFDocument(path: path, description: path), relationships: nil) { (attachment: PDFAttachment) throws(RenderError) in
            listed.append((PDFAttachment(name: attachment.name, description: attachment.description, relationship: attachment.relationship,
                                         mediaType: attachment.mediaType, bytes: []), attachment.bytes.count))
        }
        return listed
    }

    /// The input the report in `bytes` was made from, as ``input(from:name:)`` reads it: the one
    /// call a server or a program needs to take a report where a job is expected. `name` names
    /// the PDF in errors.
    public static func jobInput(inPDF bytes: [UInt8], name: String) throws(RenderError) -> [UInt8] {
        try input(from: try attachments(in: bytes, name: name, relationships: [.source]), name: name)
    }

    /// The document's keywords (its Info dictionary's `/Keywords`), where a report names its
    /// record's whole SHA-256 (`record.json SHA-256 4712…`); nil when it has none.
    public static func keywords(inFile path: String) throws(RenderError) -> String? {
        let document = try QPDFDocument(path: path, description: path)
        return document.trailer["Info"]?["Keywords"]?.text
    }

    /// The input a report was made from: its one job as read, or for a combined document its jobs
    /// as one history (a JSON array of them, as `batch` reads).
    package static func input(from attachments: [PDFAttachment], name: String) throws(RenderError) -> [UInt8] {
        let sources = attachments.filter { $0.relationship == .source }
        // Every command reads a report's job through here, so every command accepts and refuses
        // the same attachments: each must be one JSON document, a job or a history, as report-gen
        // attaches it; JSON Lines (which `validate` once took and `plan` refused) or a PDF inside
        // the PDF is not a job.
        for source in sources { try checkJob(source, in: name) }
        switch sources.count {
        case 0:
            throw RenderError("\(name) carries no job: it was not made by report-gen, or made as a plain PDF (no PDF standard)")
        case 1:
            return sources[0].bytes
        default:
            var history = Array("[\n".utf8)
            for (index, source) in sources.enumerated() {
                if index > 0 { history += Array(",\n".utf8) }
                history += source.bytes
            }
            return history + Array("\n]\n".utf8)
        }
    }

    /// Refuses a source attachment that is not one JSON document (an object or an array).
    static func checkJob(_ source: PDFAttachment, in name: String) throws(RenderError) {
        let first = source.bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if isPDF(source.bytes.prefix(5)) {
            throw RenderError("\(name): its job attachment \(source.name) is itself a PDF; expected the job as JSON")
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw RenderError("\(name): its job attachment \(source.name) is not JSON; expected the job (an object) or a history (an array)")
        }
        do {
            _ = try JSONParser.parse(source.bytes)
        } catch {
            throw RenderError("\(name): its job attachment \(source.name) is not one JSON document (line \(error.line), column \(error.column): \(error.message)); "
                              + "expected the job or a history as report-gen attaches it, not JSON Lines")
        }
    }

    /// The most all the files read back from one PDF may hold in memory: with the 16 MiB a file
    /// may inflate to while it is read, and qpdf's own, a refused PDF (any that fits the server's
    /// 16 MiB body: 17 KB can inflate to 16 MiB twenty times over) stays under 256 MB at peak.
    /// A listing (``listing(inFile:)``) keeps none.
    public static let maximumTotalBytes = 96 * 1024 * 1024

    /// The most a report's jobs may hold in all: as much as a history read as one document
    /// (``JobLimits/maximumDocumentBytes``), which is what they are read as.
    static let maximumJobBytes = JobLimits.maximumDocumentBytes

    /// The most files one PDF may carry: a combined document of 20,000 pages (its limit) carries
    /// three for each job and its history's, about 60,000.
    public static let maximumAttachments = 100_000

    private static func attachments(of document: QPDFDocument, relationships: Set<PDFAttachment.Relationship>?) throws(RenderError) -> [PDFAttachment] {
        var attachments: [PDFAttachment] = []
        var total = 0
        let onlyJobs = relationships == [.source]
        let limit = onlyJobs ? maximumJobBytes : maximumTotalBytes
        try walk(document, relationships: relationships) { (attachment: PDFAttachment) throws(RenderError) in
            total += attachment.bytes.count
            guard total <= limit else {
                throw RenderError(onlyJobs ? "the jobs attached to the PDF are larger than \(limit) bytes in all, the most read as one history"
                                           : "the files attached to the PDF are larger than \(limit) bytes in all")
            }
            attachments.append(attachment)
        }
        return attachments
    }

    /// Reads the attached files one at a time, those of `relationships` (nil: all), and hands
    /// each to `body`; qpdf's handles are released after each.
    private static func walk(_ document: QPDFDocument, relationships: Set<PDFAttachment.Relationship>?,
                             _ body: (PDFAttachment) throws(RenderError) -> Void) throws(RenderError) {
        let catalog = document.root
        var specifications: [PDFObject] = []
        if let list = catalog["AF"], list.count > 0 {
            // Counted before a single item is looked at.
            guard list.count <= maximumAttachments else { throw tooMany(list.count) }
            specifications = list.items
        } else if let tree = catalog["Names"]?["EmbeddedFiles"] {
            specifications = try namedFiles(in: tree)
        }
        var index = 0
        for specification in specifications {
            let attachment = try document.releasing { () throws(RenderError) -> PDFAttachment? in
                guard let stream = specification["EF"]?["UF"] ?? specification["EF"]?["F"], stream.isStream else { return nil }
                let relationship = specification["AFRelationship"]?.name.flatMap(PDFAttachment.Relationship.init(rawValue:)) ?? .unspecified
                index += 1
                // A file not asked for is never read: its bytes cost nothing.
                if let relationships, !relationships.contains(relationship) { return nil }
                let name = specification["UF"]?.text ?? specification["F"]?.text ?? "attachment-\(index)"
                return PDFAttachment(name: name, description: specification["Desc"]?.text ?? "", relationship: relationship,
                                     mediaType: stream["Subtype"]?.name ?? "application/octet-stream",
                                     bytes: try stream.boundedStreamData(limit: JobLimits.maximumDocumentBytes))
            }
            if let attachment { try body(attachment) }
        }
        try document.check("cannot read the files attached to the PDF")
    }

    /// The file specifications of a name tree, in key order.
    private static func namedFiles(in tree: PDFObject) throws(RenderError) -> [PDFObject] {
        var files: [PDFObject] = []
        var stack = [tree]
        var visited = 0
        while let node = stack.popLast(), visited < 100_000 {
            visited += 1
            if let names = node["Names"] {
                guard files.count + names.count / 2 <= maximumAttachments else { throw tooMany(files.count + names.count / 2) }
                let items = names.items
                for index in stride(from: 1, to: items.count, by: 2) { files.append(items[index]) }
            }
            stack += (node["Kids"]?.items ?? []).reversed()
        }
        return files
    }

    private static func tooMany(_ count: Int) -> RenderError {
        RenderError("the PDF lists \(count) attached files; report-gen reads at most \(maximumAttachments) (a combined document of 20,000 pages carries about 60,000)")
    }
}
