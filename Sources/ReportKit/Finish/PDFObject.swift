import CQPDF
import Glibc

/// One object of a ``QPDFDocument``, read: a dictionary, array, stream, name or string. Valid
/// while its document is.
struct PDFObject {
    unowned let document: QPDFDocument
    let handle: qpdf_oh

    private var data: OpaquePointer { document.handle }
    private var qpdf: QPDFLibrary { document.qpdf }

    var isNull: Bool { qpdf.isNull(data, handle) != 0 }
    var isArray: Bool { qpdf.isArray(data, handle) != 0 }
    var isStream: Bool { qpdf.isStream(data, handle) != 0 }

    /// A name without its slash (`Figure` for `/Figure`), or nil.
    var name: String? {
        guard qpdf.isName(data, handle) != 0, let text = qpdf.name(data, handle) else { return nil }
        return String(String(cString: text).dropFirst())
    }

    /// A string's text (decoded from PDFDocEncoding or UTF-16), or nil.
    var text: String? {
        guard qpdf.isString(data, handle) != 0, let text = qpdf.utf8Value(data, handle) else { return nil }
        return String(cString: text)
    }

    /// The dictionary of a stream; the object itself otherwise.
    var dictionary: PDFObject {
        isStream ? PDFObject(document: document, handle: qpdf.dictionary(data, handle)) : self
    }

    /// The value of `key` (without its slash) in a dictionary or a stream's dictionary; nil when
    /// absent or null.
    subscript(key: String) -> PDFObject? {
        let owner = dictionary
        guard qpdf.hasKey(data, owner.handle, "/" + key) != 0 else { return nil }
        let value = PDFObject(document: document, handle: qpdf.key(data, owner.handle, "/" + key))
        return value.isNull ? nil : value
    }

    /// The items of an array; a single object counts as an array of itself (PDF often allows
    /// either, as in /K).
    var items: [PDFObject] {
        guard isArray else { return isNull ? [] : [self] }
        return (0..<qpdf.arrayCount(data, handle)).map { PDFObject(document: document, handle: qpdf.arrayItem(data, handle, $0)) }
    }

    /// The decoded data of a stream of a PDF from elsewhere, refused when it would be larger than
    /// `limit` bytes (a small compressed stream can inflate to gigabytes). Unfiltered and
    /// Flate-compressed streams are read; other filters are refused.
    func boundedStreamData(limit: Int) throws(RenderError) -> [UInt8] {
        var filtered: QPDF_BOOL = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = qpdf.streamData(data, handle, qpdf_dl_none, &filtered, &buffer, &length)
        try document.check("cannot read a stream of the PDF", code: code)
        defer { free(buffer) }
        let raw = buffer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        let filters = self["Filter"]?.items.compactMap(\.name) ?? []
        switch filters {
        case []:
            guard raw.count <= limit else { throw RenderError("an attached file is larger than \(limit) bytes") }
            return raw
        case ["FlateDecode"] where self["DecodeParms"] == nil:
            return try Flate.inflate(raw, limit: limit)
        default:
            throw RenderError("an attached file is compressed with \(filters.joined(separator: ", ")), which report-gen does not read")
        }
    }

}
