#if canImport(Glibc)
import Glibc
#endif

extension PDFRenderer {
    /// Makes cairo write page content and fonts' ToUnicode maps uncompressed, for finishing to
    /// compress once. Finishing reads and rewrites every page's content to mark its artifacts, so
    /// cairo's compressing it at zlib's default level was undone and done again: about 5 % of a
    /// report's instructions. The finished bytes are the same either way: ``PDFFinisher``
    /// compresses those streams itself, inflating cairo's first when cairo compressed them.
    ///
    /// cairo 1.16 has no call for this; it reads the `CAIRO_DEBUG_PDF` environment variable each
    /// time a PDF surface is made. So a program calls this once at start-up, before it starts any
    /// thread (`setenv` is not thread-safe), and only when every PDF it makes is finished in
    /// memory (``render(_:standard:attachments:)``): a document drawn into a file
    /// (``PDFFileWriter``) is finished by an update appended to it, which would leave cairo's
    /// uncompressed content in the file, unreferenced.
    public static func leaveCompressionToFinishing() {
        setenv("CAIRO_DEBUG_PDF", "1", 1)
    }
}
