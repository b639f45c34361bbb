internal import CQPDF
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

    var trailer: PDFObject { object(qpdf.trailer(handle)) }
    var root: PDFObject { object(qpdf.root(handle)) }

    /// The handles qpdf made for this reader and still holds: qpdf keeps every handle (and the
    /// object behind it) until it is released or the document closes, so a PDF of 100,000
    /// attachments read without releasing would hold millions.
    private var handles: [qpdf_oh] = []

    /// An object for a handle qpdf just gave, held until the ``releasing(_:)`` scope it was made in ends.
    func object(_ objectHandle: qpdf_oh) -> PDFObject {
        handles.append(objectHandle)
        return PDFObject(document: self, handle: objectHandle)
    }

    /// Runs `body`, then releases every handle made meanwhile: the objects it returns must not
    /// be among them (copy out what is needed, as Swift values).
    func releasing<Result>(_ body: () throws(RenderError) -> Result) throws(RenderError) -> Result {
        let mark = handles.count
        defer {
            for objectHandle in handles[mark...] { qpdf.release(handle, objectHandle) }
            handles.removeSubrange(mark...)
        }
        return try body()
    }

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
