import CLITestSupport
import Foundation

/// Writes PDFs as someone else's program might: any attachment names (controls, slashes, very
/// long, colliding), any number of attachments, and streams far larger than the file (a sparse
/// file), for the tests of reading untrusted PDFs.
struct HostilePDF {
    struct Attachment {
        var name: String
        var bytes: [UInt8] = Array("{}".utf8)
        /// A stream of this many zero bytes, written as a hole in a sparse file, instead of `bytes`.
        var sparseLength: Int?
        var relationship = "Source"
    }

    var attachments: [Attachment]

    /// Writes the PDF to `path`.
    func write(to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var offsets: [Int] = []
        var position = 0
        func emit(_ bytes: [UInt8]) throws {
            try handle.write(contentsOf: bytes)
            position += bytes.count
        }
        func object(_ text: String) throws {
            offsets.append(position)
            try emit(Array("\(offsets.count) 0 obj\n\(text)\nendobj\n".utf8))
        }
        try emit(Array("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8))
        let first = 4
        let references = attachments.indices.map { "\(first + 2 * $0) 0 R" }.joined(separator: " ")
        try object("<< /Type /Catalog /Pages 2 0 R /AF [\(references)] >>")
        try object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        try object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")
        for (index, attachment) in attachments.enumerated() {
            let name = Self.hexString(attachment.name)
            try object("<< /Type /Filespec /F \(name) /UF \(name) /AFRelationship /\(attachment.relationship) /EF << /F \(first + 2 * index + 1) 0 R >> >>")
            offsets.append(position)
            let length = attachment.sparseLength ?? attachment.bytes.count
            try emit(Array("\(offsets.count) 0 obj\n<< /Type /EmbeddedFile /Length \(length) >>\nstream\n".utf8))
            if let sparse = attachment.sparseLength {
                position += sparse
                try handle.truncate(atOffset: UInt64(position))
                try handle.seek(toOffset: UInt64(position))
            } else {
                try emit(attachment.bytes)
            }
            try emit(Array("\nendstream\nendobj\n".utf8))
        }
        let xref = position
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try emit(Array(table.utf8))
    }

    /// A PDF text string in UTF-16BE with its byte order mark, as hex: any character survives.
    static func hexString(_ text: String) -> String {
        var hex = "<FEFF"
        for unit in text.utf16 { hex += String(format: "%04X", unit) }
        return hex + ">"
    }
}
