#if canImport(Glibc)
import Glibc
#endif

/// A C library opened by the first of its sonames that loads, rather than linked: qpdf
/// (``QPDFLibrary``) and libxlsxwriter (``XLSXWriterLibrary``), whose sonames differ from one
/// release to the next, and libxml2 (``LibXML2Library``); only some commands need them. Its functions are looked up by name,
/// with the types of the library's header.
struct OpenedLibrary: @unchecked Sendable {
    // @unchecked: a handle to a library that stays loaded for the process's life.
    private let handle: UnsafeMutableRawPointer
    /// "qpdf 10.3 or later": what a missing function says is needed.
    private let needed: String

    /// The first of `fileNames` that loads, or nil when none does.
    init?(_ fileNames: [String], needed: String) {
        guard let handle = fileNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        self.handle = handle
        self.needed = needed
    }

    /// The function `name`, as `Function` (a `@convention(c)` type from the header).
    func function<Function>(_ name: String) throws(RenderError) -> Function {
        guard let symbol = dlsym(handle, name) else {
            throw RenderError("the library has no \(name); report-gen needs \(needed)", missingDependency: true)
        }
        return unsafeBitCast(symbol, to: Function.self)
    }
}
