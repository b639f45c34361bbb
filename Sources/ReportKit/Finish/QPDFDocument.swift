import CQPDF
import Foundation

/// A PDF opened with qpdf to read what it carries (``PDFAttachmentReader``): any PDF, including
/// one another program has rewritten, read as far as needed. One thread uses it at a time.
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
