import CQPDF
import FoundationEssentials
import Glibc

/// A PDF opened with qpdf to read what it carries (``PDFAttachmentReader``): any PDF, including
/// one another program has rewritten, read as far as needed. One thread uses it at a time.
final class QPDFDocument {
    let qpdf: QPDFLibrary
    let handle: OpaquePointer
    /// qpdf reads a document in memory where it lies, without copying: the bytes live as long as
    /// the document.
    private let input: UnsafeMutableRawBufferPointer?

    /// Opens the PDF in `bytes`.
    init(bytes: [UInt8], description: String) throws(RenderError) {
        qpdf = try QPDFLibrary.shared()
        guard let handle = qpdf.initialize() else { throw RenderError("qpdf could not start reading \(description)") }
        self.handle = handle
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        buffer.copyBytes(from: bytes)
        input = buffer
        quiet()
        let code = qpdf.readMemory(handle, description, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), nil)
        try check("cannot read \(description)", code: code)
    }

    /// Opens the PDF at `path`.
    init(path: String, description: String) throws(RenderError) {
        qpdf = try QPDFLibrary.shared()
        guard let handle = qpdf.initialize() else { throw RenderError("qpdf could not start reading \(description)") }
        self.handle = handle
        input = nil
        quiet()
        try check("cannot read \(description)", code: qpdf.read(handle, path, nil))
    }

    deinit {
        var data: OpaquePointer? = handle
        qpdf.cleanup(&data)
        input?.deallocate()
    }

    /// Warnings are the finisher's to judge, and errors are reported as values: qpdf prints nothing.
    private func quiet() {
        qpdf.setSuppressWarnings(handle, 1)
        qpdf.silenceErrors(handle)
    }

    var trailer: PDFObject { PDFObject(document: self, handle: qpdf.trailer(handle)) }
    var root: PDFObject { PDFObject(document: self, handle: qpdf.root(handle)) }

    /// Throws qpdf's error after a call that returned `code`, or one it recorded meanwhile.
    func check(_ what: String, code: QPDF_ERROR_CODE = 0) throws(RenderError) {
        if code & QPDF_ERRORS != 0 || qpdf.hasError(handle) != 0 {
            var message = "unknown error"
            if let error = qpdf.error(handle), let text = qpdf.errorText(handle, error) {
                message = String(cString: text)
            }
            throw RenderError("\(what): \(message)")
        }
    }
}
