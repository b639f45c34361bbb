import ReportKit

/// Bytes as a PDF someone sent: its attached files read back, as `extract` and every command
/// given a report do, and named as `extract --all` names them.
enum PDFCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let attachments: [PDFAttachment]
        do {
            attachments = try PDFAttachmentReader.attachments(in: bytes, name: "fuzz.pdf")
        } catch {
            return error.description.isEmpty ? ["a refused PDF has no error message"] : []
        }
        var broken: [String] = []
        if attachments.count > PDFAttachmentReader.maximumAttachments { broken.append("\(attachments.count) attachments read, over the limit") }
        if attachments.contains(where: { $0.bytes.count > JobLimits.maximumDocumentBytes }) { broken.append("an attachment over its size limit") }
        if attachments.reduce(0, { $0 + $1.bytes.count }) > PDFAttachmentReader.maximumTotalBytes { broken.append("attachments over their total limit") }
        let names = AttachmentFileName.names(for: attachments.map(\.name))
        if Set(names).count != names.count { broken.append("two attachments given the same file name") }
        for name in names {
            let unsafe = name.isEmpty || name.hasPrefix(".") || name.utf8.count > StagedFile.longestName
                || name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            if unsafe { broken.append("an unsafe file name: \(name.debugDescription)") }
        }
        for attachment in attachments {
            let listed = TerminalText.escaped(attachment.name + attachment.description, escapingTabs: true)
            if listed.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{1B}" || (0x7F...0x9F).contains($0.value) }) {
                broken.append("a listing line keeps a control character")
            }
        }
        return broken
    }
}
