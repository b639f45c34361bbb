internal import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// libxml2's C API, opened by its soname the first time task data is written or read rather
/// than linked: only `isoxml`, and a command given task data, need it, and linked, every run of
/// report-gen (a report, `--version`) paid for loading it and the ICU it brings (about 1.2 ms a
/// process on this kind of machine). A machine without it still makes every report and gets a
/// clear error when it asks for task data.
struct LibXML2Library: @unchecked Sendable {
    // @unchecked: C function pointers into a library that stays loaded, shared read-only.
    typealias Text = UnsafePointer<CChar>
    typealias XMLText = UnsafePointer<xmlChar>

    let readMemory: @convention(c) (Text?, Int32, Text?, Text?, Int32) -> xmlDocPtr?
    let lastError: @convention(c) () -> xmlErrorPtr?
    let freeDocument: @convention(c) (xmlDocPtr?) -> Void
    let rootElement: @convention(c) (UnsafePointer<xmlDoc>?) -> xmlNodePtr?
    let nodeListString: @convention(c) (xmlDocPtr?, UnsafePointer<xmlNode>?, Int32) -> UnsafeMutablePointer<xmlChar>?
    let newBuffer: @convention(c) () -> xmlBufferPtr?
    let freeBuffer: @convention(c) (xmlBufferPtr?) -> Void
    let bufferLength: @convention(c) (UnsafePointer<xmlBuffer>?) -> Int32
    let bufferContent: @convention(c) (UnsafePointer<xmlBuffer>?) -> XMLText?
    let newMemoryWriter: @convention(c) (xmlBufferPtr?, Int32) -> xmlTextWriterPtr?
    let freeWriter: @convention(c) (xmlTextWriterPtr?) -> Void
    let setIndent: @convention(c) (xmlTextWriterPtr?, Int32) -> Int32
    let setIndentString: @convention(c) (xmlTextWriterPtr?, XMLText?) -> Int32
    let startDocument: @convention(c) (xmlTextWriterPtr?, Text?, Text?, Text?) -> Int32
    let startElement: @convention(c) (xmlTextWriterPtr?, XMLText?) -> Int32
    let writeAttribute: @convention(c) (xmlTextWriterPtr?, XMLText?, XMLText?) -> Int32
    let endElement: @convention(c) (xmlTextWriterPtr?) -> Int32
    let endDocument: @convention(c) (xmlTextWriterPtr?) -> Int32
    let flush: @convention(c) (xmlTextWriterPtr?) -> Int32

    /// The sonames the library is found by: libxml2 2.9 to 2.13 (Debian 12 and 13, Ubuntu
    /// 24.04), then the development link.
    static let fileNames = ["libxml2.so.2", "libxml2.so"]

    /// The library, opened on first use and kept for the process's life.
    static func shared() throws(RenderError) -> LibXML2Library {
        try loaded.get()
    }

    private static let loaded: Result<LibXML2Library, RenderError> = {
        guard let library = OpenedLibrary(fileNames, needed: "libxml2 2.9 or later") else {
            return .failure(RenderError("ISO 11783-10 task data needs libxml2 (libxml2.so.2), which was not found; install it (apt install libxml2)",
                                        missingDependency: true))
        }
        return Result { () throws(RenderError) in try LibXML2Library(library) }
    }()

    private init(_ library: OpenedLibrary) throws(RenderError) {
        func function<Function>(_ name: String) throws(RenderError) -> Function { try library.function(name) }
        readMemory = try function("xmlReadMemory")
        lastError = try function("xmlGetLastError")
        freeDocument = try function("xmlFreeDoc")
        rootElement = try function("xmlDocGetRootElement")
        nodeListString = try function("xmlNodeListGetString")
        newBuffer = try function("xmlBufferCreate")
        freeBuffer = try function("xmlBufferFree")
        bufferLength = try function("xmlBufferLength")
        bufferContent = try function("xmlBufferContent")
        newMemoryWriter = try function("xmlNewTextWriterMemory")
        freeWriter = try function("xmlFreeTextWriter")
        setIndent = try function("xmlTextWriterSetIndent")
        setIndentString = try function("xmlTextWriterSetIndentString")
        startDocument = try function("xmlTextWriterStartDocument")
        startElement = try function("xmlTextWriterStartElement")
        writeAttribute = try function("xmlTextWriterWriteAttribute")
        endElement = try function("xmlTextWriterEndElement")
        endDocument = try function("xmlTextWriterEndDocument")
        flush = try function("xmlTextWriterFlush")
    }
}
