import CQPDF
import Foundation

/// A PDF opened with qpdf: read from memory or a file, changed through ``PDFObject``s, and written
/// again whole. One thread uses it at a time.
final class QPDFDocument {
    let handle: qpdf_data
    /// qpdf reads a document in memory where it lies, without copying: the bytes live as long as
    /// the document.
    private let input: UnsafeMutableRawBufferPointer?

    /// Opens the PDF in `bytes`.
    init(bytes: [UInt8], description: String) throws(RenderError) {
        handle = qpdf_init()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        buffer.copyBytes(from: bytes)
        input = buffer
        Self.quiet(handle)
        let code = qpdf_read_memory(handle, description, buffer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                    UInt64(bytes.count), nil)
        try check("cannot read \(description)", code: code)
    }

    /// Opens the PDF at `path`.
    init(path: String, description: String) throws(RenderError) {
        handle = qpdf_init()
        input = nil
        Self.quiet(handle)
        try check("cannot read \(description)", code: qpdf_read(handle, path, nil))
    }

    deinit {
        var data: qpdf_data? = handle
        qpdf_cleanup(&data)
        input?.deallocate()
    }

    /// Warnings are the finisher's to judge, and errors are reported as values: qpdf prints nothing.
    private static func quiet(_ handle: qpdf_data) {
        qpdf_set_suppress_warnings(handle, 1)
        qpdf_silence_errors(handle)
    }

    var trailer: PDFObject { PDFObject(document: self, handle: qpdf_get_trailer(handle)) }
    var root: PDFObject { PDFObject(document: self, handle: qpdf_get_root(handle)) }

    var pages: [PDFObject] {
        (0..<Int(max(0, qpdf_get_num_pages(handle)))).map { PDFObject(document: self, handle: qpdf_get_page_n(handle, $0)) }
    }

    /// An object written in PDF syntax (`<< /Type /Metadata >>`, `[1 0 R]`, `(text)`).
    func parse(_ syntax: String) -> PDFObject {
        PDFObject(document: self, handle: qpdf_oh_parse(handle, syntax))
    }

    /// A name, given without its slash (`Figure`).
    func name(_ name: String) -> PDFObject { PDFObject(document: self, handle: qpdf_oh_new_name(handle, "/" + name)) }
    func integer(_ value: Int) -> PDFObject { PDFObject(document: self, handle: qpdf_oh_new_integer(handle, Int64(value))) }
    func bool(_ value: Bool) -> PDFObject { PDFObject(document: self, handle: qpdf_oh_new_bool(handle, value ? 1 : 0)) }
    func array() -> PDFObject { PDFObject(document: self, handle: qpdf_oh_new_array(handle)) }
    func dictionary() -> PDFObject { PDFObject(document: self, handle: qpdf_oh_new_dictionary(handle)) }

    /// A text string: PDFDocEncoding when it can be, else UTF-16 with its byte-order mark.
    func text(_ value: String) -> PDFObject {
        PDFObject(document: self, handle: qpdf_oh_new_unicode_string(handle, value))
    }

    /// A byte string, as it is (dates, names of files).
    func string(_ value: String) -> PDFObject { PDFObject(document: self, handle: qpdf_oh_new_string(handle, value)) }

    /// A new indirect object holding `object`.
    func indirect(_ object: PDFObject) -> PDFObject {
        PDFObject(document: self, handle: qpdf_make_indirect_object(handle, object.handle))
    }

    /// A new indirect stream of `data`, unfiltered (qpdf compresses it when writing), with the
    /// entries of `dictionary` besides /Length.
    func stream(_ data: [UInt8], dictionary entries: [String: PDFObject] = [:]) -> PDFObject {
        let stream = PDFObject(document: self, handle: qpdf_oh_new_stream(handle))
        stream.replaceData(data)
        let dictionary = PDFObject(document: self, handle: qpdf_oh_get_dict(handle, stream.handle))
        for key in entries.keys.sorted() { dictionary[key] = entries[key] }
        return stream
    }

    /// The object with that number, or nil.
    func object(_ number: Int32, generation: Int32 = 0) -> PDFObject? {
        let object = PDFObject(document: self, handle: qpdf_get_object_by_id(handle, number, generation))
        return object.isNull ? nil : object
    }

    /// Writes the document: streams qpdf reads compressed stay as they are, new ones are
    /// compressed, and the trailer /ID is computed from the content, so the same content gives the
    /// same bytes. In memory when `path` is nil.
    func write(to path: String? = nil, minimumVersion: String) throws(RenderError) -> [UInt8] {
        let started = path.map { qpdf_init_write(handle, $0) } ?? qpdf_init_write_memory(handle)
        try check("cannot start writing the PDF", code: started)
        qpdf_set_deterministic_ID(handle, 1)
        qpdf_set_compress_streams(handle, 1)
        qpdf_set_decode_level(handle, qpdf_dl_none)
        qpdf_set_stream_data_mode(handle, qpdf_s_preserve)
        qpdf_set_object_stream_mode(handle, qpdf_o_generate)
        qpdf_set_minimum_pdf_version(handle, minimumVersion)
        try check("cannot write the PDF", code: qpdf_write(handle))
        guard path == nil else { return [] }
        let length = qpdf_get_buffer_length(handle)
        guard let buffer = qpdf_get_buffer(handle) else { throw RenderError("qpdf wrote no PDF") }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    /// Throws qpdf's error after a call that returned `code`, or one it recorded meanwhile.
    func check(_ what: String, code: QPDF_ERROR_CODE = 0) throws(RenderError) {
        if code & QPDF_ERRORS != 0 || qpdf_has_error(handle) != 0 {
            var message = "unknown error"
            if let error = qpdf_get_error(handle), let text = qpdf_get_error_full_text(handle, error) {
                message = String(cString: text)
            }
            throw RenderError("\(what): \(message)")
        }
    }
}
