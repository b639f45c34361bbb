import CQPDF
import Glibc

/// One object of a ``QPDFDocument``, read: a dictionary, array, stream, name or string. Valid
/// while its document is.
struct PDFObject {
    unowned let document: QPDFDocument
    let handle: qpdf_oh

    private var data: qpdf_data { document.handle }

    var isNull: Bool { qpdf_oh_is_null(data, handle) != 0 }
    var isArray: Bool { qpdf_oh_is_array(data, handle) != 0 }
    var isStream: Bool { qpdf_oh_is_stream(data, handle) != 0 }

    /// A name without its slash (`Figure` for `/Figure`), or nil.
    var name: String? {
        guard qpdf_oh_is_name(data, handle) != 0, let text = qpdf_oh_get_name(data, handle) else { return nil }
        return String(String(cString: text).dropFirst())
    }

    /// A string's text (decoded from PDFDocEncoding or UTF-16), or nil.
    var text: String? {
        guard qpdf_oh_is_string(data, handle) != 0, let text = qpdf_oh_get_utf8_value(data, handle) else { return nil }
        return String(cString: text)
    }

    /// The dictionary of a stream; the object itself otherwise.
    var dictionary: PDFObject {
        isStream ? PDFObject(document: document, handle: qpdf_oh_get_dict(data, handle)) : self
    }

    /// The value of `key` (without its slash) in a dictionary or a stream's dictionary; nil when
    /// absent or null.
    subscript(key: String) -> PDFObject? {
        let owner = dictionary
        guard qpdf_oh_has_key(data, owner.handle, "/" + key) != 0 else { return nil }
        let value = PDFObject(document: document, handle: qpdf_oh_get_key(data, owner.handle, "/" + key))
        return value.isNull ? nil : value
    }

    /// The items of an array; a single object counts as an array of itself (PDF often allows
    /// either, as in /K).
    var items: [PDFObject] {
        guard isArray else { return isNull ? [] : [self] }
        return (0..<qpdf_oh_get_array_n_items(data, handle)).map { PDFObject(document: document, handle: qpdf_oh_get_array_item(data, handle, $0)) }
    }

    /// The decoded data of a stream of a PDF from elsewhere, refused when it would be larger than
    /// `limit` bytes (a small compressed stream can inflate to gigabytes). Unfiltered and
    /// Flate-compressed streams are read; other filters are refused.
    func boundedStreamData(limit: Int) throws(RenderError) -> [UInt8] {
        var filtered: QPDF_BOOL = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = qpdf_oh_get_stream_data(data, handle, qpdf_dl_none, &filtered, &buffer, &length)
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
