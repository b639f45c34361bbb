internal import CQPDF
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

    /// An integer's value, or nil.
    var integer: Int64? {
        qpdf.isInteger(data, handle) != 0 ? qpdf.integerValue(data, handle) : nil
    }

    /// A string's text (decoded from PDFDocEncoding or UTF-16), or nil.
    var text: String? {
        guard qpdf.isString(data, handle) != 0, let text = qpdf.utf8Value(data, handle) else { return nil }
        return String(cString: text)
    }

    /// The dictionary of a stream; the object itself otherwise.
    var dictionary: PDFObject {
        isStream ? document.object(qpdf.dictionary(data, handle)) : self
    }

    /// The value of `key` (without its slash) in a dictionary or a stream's dictionary; nil when
    /// absent or null.
    subscript(key: String) -> PDFObject? {
        let owner = dictionary
        guard qpdf.hasKey(data, owner.handle, "/" + key) != 0 else { return nil }
        let value = document.object(qpdf.key(data, owner.handle, "/" + key))
        return value.isNull ? nil : value
    }

    /// The number of items of an array (1 for any other object, 0 for null), without making them.
    var count: Int {
        guard isArray else { return isNull ? 0 : 1 }
        return Int(qpdf.arrayCount(data, handle))
    }

    /// The items of an array; a single object counts as an array of itself (PDF often allows
    /// either, as in /K).
    var items: [PDFObject] {
        guard isArray else { return isNull ? [] : [self] }
        return (0..<qpdf.arrayCount(data, handle)).map { document.object(qpdf.arrayItem(data, handle, $0)) }
    }

    /// The decoded data of a stream of a PDF from elsewhere, refused when it would be larger than
    /// `limit` bytes (a small compressed stream can inflate to gigabytes). Unfiltered and
    /// Flate-compressed streams are read; other filters are refused.
    func boundedStreamData(limit: Int) throws(RenderError) -> [UInt8] {
        // qpdf copies a stream's data whole before it can be looked at, so its length is checked
        // first: a PDF of a few kilobytes on disk (a sparse file) can declare gigabytes. The
        // length qpdf reads by is this one, or the one it finds when recovering a damaged file,
        // which it writes back here (checked in PDFInputTests).
        let rawLimit = limit + limit / 16
        guard let declared = self["Length"]?.integer, declared >= 0, declared <= Int64(rawLimit) else {
            throw RenderError("an attached file is stored in more than \(rawLimit) bytes (or its length is not given); report-gen reads at most \(limit) bytes an attached file")
        }
        var filtered: QPDF_BOOL = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = qpdf.streamData(data, handle, qpdf_dl_none, &filtered, &buffer, &length)
        // qpdf may hand back a buffer and an error together (found by the pdf fuzzer: a leak).
        defer { free(buffer) }
        try document.check("cannot read a stream of the PDF", code: code)
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
