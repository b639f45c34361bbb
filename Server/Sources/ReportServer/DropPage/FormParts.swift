import Foundation
import MultipartKit
import NIOCore

/// The parts of a multipart/form-data body, read in one pass with MultipartKit's streaming
/// parser: each field's text by its name, each file's bytes by its field. (Its Codable decoder
/// builds a nested tree per part; 100,000 parts took it 520 s.)
struct FormParts: Sendable {
    private(set) var fields: [String: String] = [:]
    private(set) var files: [String: [UInt8]] = [:]

    /// The parts of `body`; nil when it is not multipart/form-data or cannot be read.
    static func parse(_ body: [UInt8], contentType: String?) -> FormParts? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = boundary(contentType), !boundary.isEmpty else { return nil }
        var parts = FormParts()
        var name: String?
        var isFile = false
        var bytes: [UInt8] = []
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { header, value in
            guard header.lowercased() == "content-disposition" else { return }
            name = parameter("name", in: value)
            isFile = parameter("filename", in: value) != nil
        }
        parser.onBody = { buffer in bytes += buffer.readBytes(length: buffer.readableBytes) ?? [] }
        parser.onPartComplete = {
            if let name {
                // A field sent twice keeps its first value, as the form has one of each.
                if isFile {
                    if parts.files[name] == nil { parts.files[name] = bytes }
                } else if parts.fields[name] == nil {
                    parts.fields[name] = String(decoding: bytes, as: UTF8.self)
                }
            }
            (name, isFile, bytes) = (nil, false, [])
        }
        do {
            try parser.execute(body)
        } catch {
            return nil
        }
        return parts
    }

    /// The number of parts in `body`, counted up to `limit + 1` in one pass over its bytes,
    /// before anything is parsed.
    static func count(_ body: [UInt8], contentType: String?, upTo limit: Int) -> Int {
        guard let contentType, let boundary = boundary(contentType), !boundary.isEmpty else { return 0 }
        let delimiter = Array(("--" + boundary).utf8)
        var parts = 0, index = 0
        while index + delimiter.count <= body.count {
            if body[index] == delimiter[0], body[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                parts += 1
                if parts > limit + 1 { break }
                index += delimiter.count
            } else {
                index += 1
            }
        }
        // The closing delimiter is not a part.
        return max(0, parts - 1)
    }

    private static func boundary(_ contentType: String) -> String? {
        parameter("boundary", in: contentType)
    }

    /// `name="a"` in a header value's `; key=value` list (quoted or not).
    private static func parameter(_ key: String, in value: String) -> String? {
        for item in value.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                var text = pair[1]
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
                return text
            }
        }
        return nil
    }
}
