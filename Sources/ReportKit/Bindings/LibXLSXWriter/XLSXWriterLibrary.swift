internal import CXLSXWriter
#if canImport(Glibc)
import Glibc
#endif

/// libxlsxwriter's C API, opened by its soname the first time a workbook is written rather than
/// linked.
///
/// Each distribution ships the library under another soname (Debian 12: libxlsxwriter.so.4,
/// Ubuntu 24.04: .so.5, Debian 13: .so.8), though the calls the workbook makes are the same in
/// all of them; linked, one binary would start on one of those systems only. Opened, it runs on
/// each, and a machine without the library still makes every report and gets a clear error when
/// it asks for a workbook. The one structure whose size changed between them is the workbook's
/// options, passed in its larger form (`reportkit_lxw_workbook_options`, CXLSXWriter/shim.h).
struct XLSXWriterLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that stays loaded, shared read-only.
    typealias Workbook = UnsafeMutablePointer<lxw_workbook>
    typealias Sheet = UnsafeMutablePointer<lxw_worksheet>
    typealias Format = UnsafeMutablePointer<lxw_format>
    typealias Text = UnsafePointer<CChar>

    let newWorkbook: @convention(c) (Text?, UnsafeMutablePointer<reportkit_lxw_workbook_options>?) -> Workbook?
    let addFormat: @convention(c) (Workbook?) -> Format?
    let addSheet: @convention(c) (Workbook?, Text?) -> Sheet?
    let setProperties: @convention(c) (Workbook?, UnsafeMutablePointer<lxw_doc_properties>?) -> lxw_error
    let close: @convention(c) (Workbook?) -> lxw_error
    let errorText: @convention(c) (lxw_error) -> UnsafeMutablePointer<CChar>?
    let setFontName: @convention(c) (Format?, Text?) -> Void
    let setAlign: @convention(c) (Format?, UInt8) -> Void
    let setBold: @convention(c) (Format?) -> Void
    let setTextWrap: @convention(c) (Format?) -> Void
    let setBackground: @convention(c) (Format?, lxw_color_t) -> Void
    let setBottomBorder: @convention(c) (Format?, UInt8) -> Void
    let setNumberFormat: @convention(c) (Format?, Text?) -> Void
    let setColumn: @convention(c) (Sheet?, lxw_col_t, lxw_col_t, Double, Format?) -> lxw_error
    let freezePanes: @convention(c) (Sheet?, lxw_row_t, lxw_col_t) -> Void
    let autofilter: @convention(c) (Sheet?, lxw_row_t, lxw_col_t, lxw_row_t, lxw_col_t) -> lxw_error
    let writeString: @convention(c) (Sheet?, lxw_row_t, lxw_col_t, Text?, Format?) -> lxw_error
    let writeNumber: @convention(c) (Sheet?, lxw_row_t, lxw_col_t, Double, Format?) -> lxw_error
    let writeDatetime: @convention(c) (Sheet?, lxw_row_t, lxw_col_t, UnsafeMutablePointer<lxw_datetime>?, Format?) -> lxw_error

    /// The sonames the library is found by, newest first, then the development link.
    static let fileNames = ["libxlsxwriter.so.8", "libxlsxwriter.so.5", "libxlsxwriter.so.4", "libxlsxwriter.so"]

    /// The library, opened on first use and kept for the process's life.
    static func shared() throws(RenderError) -> XLSXWriterLibrary {
        try loaded.get()
    }

    private static let loaded: Result<XLSXWriterLibrary, RenderError> = {
        guard let library = OpenedLibrary(fileNames, needed: "libxlsxwriter 1.1 or later") else {
            return .failure(RenderError("writing a workbook needs libxlsxwriter (\(fileNames.dropLast().joined(separator: " or "))), which was not found; "
                + "install it (Debian 12: apt install libxlsxwriter4; Debian 13: libxlsxwriter8; Ubuntu 24.04: libxlsxwriter5t64), "
                + "or write the record as CSV or JSON", missingDependency: true))
        }
        return Result { () throws(RenderError) in try XLSXWriterLibrary(library) }
    }()

    /// Whether `status` is libxlsxwriter's success (0 in every version; the other codes moved).
    static func succeeded(_ status: lxw_error) -> Bool { status == LXW_NO_ERROR }

    /// libxlsxwriter's words for `status`, from the library that returned it.
    func describe(_ status: lxw_error) -> String {
        errorText(status).map { String(cString: $0) } ?? "libxlsxwriter error \(status.rawValue)"
    }

    private init(_ library: OpenedLibrary) throws(RenderError) {
        func function<Function>(_ name: String) throws(RenderError) -> Function { try library.function(name) }
        newWorkbook = try function("workbook_new_opt")
        addFormat = try function("workbook_add_format")
        addSheet = try function("workbook_add_worksheet")
        setProperties = try function("workbook_set_properties")
        close = try function("workbook_close")
        errorText = try function("lxw_strerror")
        setFontName = try function("format_set_font_name")
        setAlign = try function("format_set_align")
        setBold = try function("format_set_bold")
        setTextWrap = try function("format_set_text_wrap")
        setBackground = try function("format_set_bg_color")
        setBottomBorder = try function("format_set_bottom")
        setNumberFormat = try function("format_set_num_format")
        setColumn = try function("worksheet_set_column")
        freezePanes = try function("worksheet_freeze_panes")
        autofilter = try function("worksheet_autofilter")
        writeString = try function("worksheet_write_string")
        writeNumber = try function("worksheet_write_number")
        writeDatetime = try function("worksheet_write_datetime")
    }
}
