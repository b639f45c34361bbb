internal import CQPDF
#if canImport(Glibc)
import Glibc
#endif

/// qpdf's C API (Debian's libqpdf), opened the first time a PDF is read rather than linked.
///
/// Only reading a PDF back needs qpdf (`extract`, a report given as input); writing reports never
/// does. Linked, the library and what it brings (libstdc++, GnuTLS and its nine libraries,
/// libjpeg) were loaded and relocated at every start: 4 to 5 ms and 270 page faults of a
/// one-report process that took 34 ms. The functions are looked up by name once, with the types
/// of `qpdf-c.h`; a machine without the library gets a clear error when a PDF is read, and can
/// still make every report.
struct QPDFLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that stays loaded, shared read-only.
    typealias Data = OpaquePointer
    typealias Handle = qpdf_oh
    typealias Text = UnsafePointer<CChar>

    let initialize: @convention(c) () -> Data?
    let cleanup: @convention(c) (UnsafeMutablePointer<Data?>?) -> Void
    let read: @convention(c) (Data?, Text?, Text?) -> QPDF_ERROR_CODE
    let readMemory: @convention(c) (Data?, Text?, Text?, UInt64, Text?) -> QPDF_ERROR_CODE
    let setSuppressWarnings: @convention(c) (Data?, QPDF_BOOL) -> Void
    let silenceErrors: @convention(c) (Data?) -> Void
    let hasError: @convention(c) (Data?) -> QPDF_BOOL
    let error: @convention(c) (Data?) -> OpaquePointer?
    let errorText: @convention(c) (Data?, OpaquePointer?) -> Text?
    let trailer: @convention(c) (Data?) -> Handle
    let root: @convention(c) (Data?) -> Handle
    let isNull: @convention(c) (Data?, Handle) -> QPDF_BOOL
    let isArray: @convention(c) (Data?, Handle) -> QPDF_BOOL
    let isStream: @convention(c) (Data?, Handle) -> QPDF_BOOL
    let isName: @convention(c) (Data?, Handle) -> QPDF_BOOL
    let isString: @convention(c) (Data?, Handle) -> QPDF_BOOL
    let name: @convention(c) (Data?, Handle) -> Text?
    let utf8Value: @convention(c) (Data?, Handle) -> Text?
    let dictionary: @convention(c) (Data?, Handle) -> Handle
    let hasKey: @convention(c) (Data?, Handle, Text?) -> QPDF_BOOL
    let key: @convention(c) (Data?, Handle, Text?) -> Handle
    let arrayCount: @convention(c) (Data?, Handle) -> Int32
    let arrayItem: @convention(c) (Data?, Handle, Int32) -> Handle
    let isInteger: @convention(c) (Data?, Handle) -> QPDF_BOOL
    let integerValue: @convention(c) (Data?, Handle) -> Int64
    let release: @convention(c) (Data?, Handle) -> Void
    let streamData: @convention(c) (Data?, Handle, qpdf_stream_decode_level_e, UnsafeMutablePointer<QPDF_BOOL>?,
                                    UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int>?) -> QPDF_ERROR_CODE

    /// The names the library is found by: its sonames (Debian 13's libqpdf30; Debian 12's
    /// libqpdf29, Ubuntu 24.04's libqpdf29t64), then the development link. The C API report-gen
    /// calls is the same in both.
    static let fileNames = ["libqpdf.so.30", "libqpdf.so.29", "libqpdf.so"]

    /// The library, opened on first use and kept for the process's life.
    static func shared() throws(RenderError) -> QPDFLibrary {
        try loaded.get()
    }

    private static let loaded: Result<QPDFLibrary, RenderError> = {
        guard let library = OpenedLibrary(fileNames, needed: "qpdf 10.3 or later") else {
            return .failure(RenderError("reading a PDF needs qpdf's library (\(fileNames.dropLast().joined(separator: " or "))), which was not found; "
                + "install it (Debian 12: apt install libqpdf29; Debian 13: libqpdf30; Ubuntu 24.04: libqpdf29t64)", missingDependency: true))
        }
        return Result { () throws(RenderError) in try QPDFLibrary(library) }
    }()

    private init(_ library: OpenedLibrary) throws(RenderError) {
        func function<Function>(_ name: String) throws(RenderError) -> Function { try library.function(name) }
        initialize = try function("qpdf_init")
        cleanup = try function("qpdf_cleanup")
        read = try function("qpdf_read")
        readMemory = try function("qpdf_read_memory")
        setSuppressWarnings = try function("qpdf_set_suppress_warnings")
        silenceErrors = try function("qpdf_silence_errors")
        hasError = try function("qpdf_has_error")
        error = try function("qpdf_get_error")
        errorText = try function("qpdf_get_error_full_text")
        trailer = try function("qpdf_get_trailer")
        root = try function("qpdf_get_root")
        isNull = try function("qpdf_oh_is_null")
        isArray = try function("qpdf_oh_is_array")
        isStream = try function("qpdf_oh_is_stream")
        isName = try function("qpdf_oh_is_name")
        isString = try function("qpdf_oh_is_string")
        name = try function("qpdf_oh_get_name")
        utf8Value = try function("qpdf_oh_get_utf8_value")
        dictionary = try function("qpdf_oh_get_dict")
        hasKey = try function("qpdf_oh_has_key")
        key = try function("qpdf_oh_get_key")
        arrayCount = try function("qpdf_oh_get_array_n_items")
        arrayItem = try function("qpdf_oh_get_array_item")
        isInteger = try function("qpdf_oh_is_integer")
        integerValue = try function("qpdf_oh_get_int_value")
        release = try function("qpdf_oh_release")
        streamData = try function("qpdf_oh_get_stream_data")
    }
}
