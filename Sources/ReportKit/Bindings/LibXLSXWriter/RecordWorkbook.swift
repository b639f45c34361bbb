internal import CXLSXWriter
import FoundationEssentials
import Glibc

/// The record as an Excel workbook (docs/record-format.md), written by libxlsxwriter: a sheet
/// per holding with the register's columns in the report's language, and a sheet `record` with
/// the CSV's machine columns. Cells are typed (dates as dates, numbers as numbers shown in the
/// locale's format, text as text: nothing a farmer typed is ever read as a formula), headers
/// frozen, columns sized, every sheet filterable.
///
/// The bytes are the same for the same lines: the document's date is `created` (the latest
/// job's date, else `SOURCE_DATE_EPOCH`), the zip's entries dated with it.
package enum RecordWorkbook {
    /// The most lines a workbook is made of: the lines are held until the file is written.
    public static let maximumLines = 100_000

    /// The workbook of `lines` with headers in `locale`'s language; `created` dates it (nil:
    /// 1 January 1980, the earliest date a zip entry can hold, so the bytes stay the same).
    public static func bytes(of lines: [RecordLine], locale: ReportLocale, created: Date?) throws(RenderError) -> [UInt8] {
        var template = Array("/tmp/reportkit-xlsx-XXXXXX".utf8CString)
        if let folder = getenv("TMPDIR").map({ String(cString: $0) }), !folder.isEmpty {
            template = Array("\(folder)/reportkit-xlsx-XXXXXX".utf8CString)
        }
        // Made and known to the signal trap in one step: a signal never leaves it behind.
        let folder: String
        do {
            folder = try UnfinishedTemporaries.make { () throws(OutputError) in
                let made = template.withUnsafeMutableBufferPointer { buffer in
                    buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
                }
                guard let made else {
                    let code = errno
                    throw OutputError(MessageText("output.system-failure", ["cause": SystemErrorText.text(of: code)],
                                                      texts: ["what": MessageText("output.no-workbook-folder")]), systemError: code)
                }
                return (made, made)
            }
        } catch {
            throw RenderError(error)
        }
        let path = folder + "/record.xlsx"
        // Removed when done, and (with what libxlsxwriter made in it) by the signal trap if a
        // signal ends the process first.
        defer {
            unlink(path)
            rmdir(folder)
            UnfinishedTemporaries.forget(folder)
        }
        // libxlsxwriter's own lines on standard error become part of the error, never raw output.
        let library = try XLSXWriterLibrary.shared()
        let (outcome, messages) = LibraryMessages.caught { () throws(RenderError) in
            try WorkbookWriter(library: library, path: path, folder: folder, locale: locale, created: created).write(lines)
        }
        if case .failure(let error) = outcome {
            let said = messages.isEmpty ? "" : " (libxlsxwriter: \(messages.joined(separator: "; ")))"
            throw RenderError(error.message + said, systemError: error.systemError, missingDependency: error.missingDependency, writeFailed: error.writeFailed)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderError("the workbook written to \(path) cannot be read back", systemError: EIO)
        }
        let bytes = [UInt8](data)
        // libxlsxwriter does not check its writes: under a file size limit (SIGXFSZ ignored, EFBIG)
        // or on a full disk it closes a workbook cut mid-sheet and says all is well. A whole
        // workbook is a zip that ends with its central directory's end record.
        guard Self.endsAsZip(bytes) else {
            throw RenderError("the workbook was cut short while it was written (a file size limit or a full disk); nothing was written", systemError: EFBIG)
        }
        return bytes
    }

    /// True when `bytes` end with a zip's end-of-central-directory record (`PK\u{5}\u{6}`, at
    /// least 22 bytes from the end, followed by at most a 65,535-byte comment).
    static func endsAsZip(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 22 else { return false }
        let earliest = max(0, bytes.count - 22 - 65_535)
        var index = bytes.count - 22
        while index >= earliest {
            if bytes[index] == 0x50, bytes[index + 1] == 0x4B, bytes[index + 2] == 0x05, bytes[index + 3] == 0x06 {
                let comment = Int(bytes[index + 20]) | Int(bytes[index + 21]) << 8
                return index + 22 + comment == bytes.count
            }
            index -= 1
        }
        return false
    }
}

/// One workbook being written: libxlsxwriter's handles, its formats, the rows.
private final class WorkbookWriter {
    let library: XLSXWriterLibrary
    let workbook: UnsafeMutablePointer<lxw_workbook>
    let locale: ReportLocale
    let header, text, number, integer, day, dayAndTime: UnsafeMutablePointer<lxw_format>
    private var sheetNames: Set<String> = []

    init(library: XLSXWriterLibrary, path: String, folder: String, locale: ReportLocale, created: Date?) throws(RenderError) {
        self.library = library
        var options = reportkit_lxw_workbook_options(constant_memory: 0, tmpdir: nil, use_zip64: 0, output_buffer: nil, output_buffer_size: nil)
        let opened = folder.withCString { tmp in
            options.tmpdir = tmp
            return library.newWorkbook(path, &options)
        }
        guard let opened else { throw RenderError("the workbook cannot be started in \(folder): \(SystemErrorText.text(of: errno))", writeFailed: true) }
        workbook = opened
        self.locale = locale
        func format(_ configure: (UnsafeMutablePointer<lxw_format>) -> Void) -> UnsafeMutablePointer<lxw_format> {
            let made = library.addFormat(opened)!
            library.setFontName(made, "Calibri")
            library.setAlign(made, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
            configure(made)
            return made
        }
        // Polish and German write the day first (14.04.2026); English ISO 8601.
        let dayFirst = locale.language != .english
        header = format {
            library.setBold($0)
            library.setTextWrap($0)
            library.setBackground($0, 0xE4F0E6)
            library.setBottomBorder($0, UInt8(LXW_BORDER_THIN.rawValue))
        }
        text = format { library.setTextWrap($0) }
        // Excel shows the separators of the reader's own locale: "0.00" is "12,50" in Polish Excel.
        number = format { library.setNumberFormat($0, "#,##0.####") }
        integer = format { library.setNumberFormat($0, "0") }
        day = format { library.setNumberFormat($0, dayFirst ? "dd.mm.yyyy" : "yyyy-mm-dd") }
        dayAndTime = format { library.setNumberFormat($0, dayFirst ? "dd.mm.yyyy hh:mm" : "yyyy-mm-dd hh:mm") }
        // The document's date, also the date of every entry of the zip: the same lines, the same bytes.
        var properties = lxw_doc_properties()
        properties.created = time_t((created ?? Date(timeIntervalSince1970: 315_532_800)).timeIntervalSince1970)
        let title = strdup(locale["register.title"]), company = strdup("Kalkulator Oprysku")
        defer { free(title); free(company) }
        properties.title = title
        properties.company = company
        _ = library.setProperties(workbook, &properties)
    }

    /// The most characters (code points) a spreadsheet cell holds.
    static let longestCell = 32_767

    /// A cell's value as libxlsxwriter writes it.
    enum Cell {
        case text(String?)
        case number(Double?)
        case integer(Int)
        case day(String?)
        case dayAndTime(String?, time: String?)
    }

    func write(_ lines: [RecordLine]) throws(RenderError) {
        // One sheet per holding, in the order they first appear; jobs without one last.
        var holdings = RegisterOrder.holdings(lines, holding: \.holding)
        if holdings.isEmpty { holdings = [nil] }
        for holding in holdings {
            let name = holding.map { "\(locale["register.holding"]) \($0)" } ?? locale["register.noHolding"]
            try registerSheet(named: name, lines: lines.filter { $0.holding == holding })
        }
        try recordSheet(lines)
        let status = library.close(workbook)
        guard XLSXWriterLibrary.succeeded(status) else {
            let code = errno
            throw RenderError("the workbook cannot be written: \(library.describe(status))", systemError: code == 0 ? EIO : code)
        }
    }

    /// The register's columns, each with its header, width and value.
    private var registerColumns: [(header: String, width: Double, value: (RecordLine, Int) -> Cell)] {
        let t = locale
        let unit = t["workbook.unit"]
        return [
            (t["register.number"], 6, { _, number in .integer(number) }),
            (t["register.dateTime"], 17, { line, _ in .dayAndTime(line.date, time: line.startTime) }),
            (t["workbook.end"], 17, { line, _ in .dayAndTime(line.endDate ?? (line.endTime == nil ? nil : line.date), time: line.endTime) }),
            // The clock the times are on: a night the clocks go back, 01:30–01:50 is 80 minutes.
            (t["workbook.utcOffset"], 13, { line, _ in
                .text(line.endUtcOffset.flatMap { $0 == line.utcOffset ? nil : "\(line.utcOffset ?? "") → \($0)" } ?? line.utcOffset)
            }),
            (t["register.parcel"], 18, { line, _ in .text(line.parcels.compactMap(\.label).joined(separator: ", ").nonEmpty ?? line.field) }),
            (t["register.cadastral"], 22, { line, _ in .text(line.parcels.flatMap(\.cadastral).joined(separator: ", ").nonEmpty) }),
            (t["register.crop"], 18, { line, _ in .text([line.crop, line.cropCode.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ").nonEmpty) }),
            ("\(t["register.cropArea"]) [ha]", 10, { line, _ in .number(line.croppedArea) }),
            ("\(t["register.area"]) [ha]", 10, { line, _ in .number(line.treatedArea) }),
            (t["register.product"], 24, { line, _ in .text(line.product) }),
            (t["register.authorisation"], 14, { line, _ in .text(line.authorisation) }),
            (t["register.dose"], 10, { line, _ in .number(line.dose) }),
            (unit, 9, { line, _ in .text(line.doseUnit) }),
            (t["register.dosePerHa"], 10, { line, _ in .number(line.dosePerHectare) }),
            (unit, 7, { line, _ in .text(line.dosePerHectareUnit) }),
            (t["register.total"], 10, { line, _ in .number(line.totalProduct) }),
            (unit, 7, { line, _ in .text(line.totalProductUnit) }),
            (t["register.reason"], 22, { line, _ in
                .text([line.reason, line.reasonCodes.isEmpty ? nil : "(\(line.reasonCodes.joined(separator: ", ")))"].compactMap { $0 }.joined(separator: " ").nonEmpty)
            }),
            (t["register.remarks"], 40, { line, _ in
                .text([line.bbch.map { "BBCH \($0.text)" }, line.weather, line.operatorName, line.notes].compactMap { $0 }.joined(separator: " · ").nonEmpty)
            }),
        ]
    }

    private func registerSheet(named name: String, lines: [RecordLine]) throws(RenderError) {
        let sheet = try addSheet(name)
        let columns = registerColumns
        for (column, spec) in columns.enumerated() {
            try write(.text(spec.header), to: sheet, row: 0, column: column, format: header)
            _ = library.setColumn(sheet, lxw_col_t(column), lxw_col_t(column), spec.width, nil)
        }
        // In the register's order and numbering (``RegisterOrder``): the printed register's
        // number of an application is its row's here.
        let ordered = RegisterOrder.byStart(lines, start: \.startInstant)
        for (index, line) in ordered.enumerated() {
            for (column, spec) in columns.enumerated() {
                try write(spec.value(line, index + 1), to: sheet, row: index + 1, column: column)
            }
        }
        finish(sheet, rows: lines.count, columns: columns.count)
        try writeProductTotals(of: ordered, to: sheet, below: lines.count + 1)
    }

    /// The season total per product under the rows, after an empty one: the name in the product
    /// column, the total and its unit in theirs, in the units the rows use (gal, lb for US jobs).
    private func writeProductTotals(of lines: [RecordLine], to sheet: UnsafeMutablePointer<lxw_worksheet>, below row: Int) throws(RenderError) {
        let headers = registerColumns.map(\.header)
        guard let product = headers.firstIndex(of: locale["register.product"]), let total = headers.firstIndex(of: locale["register.total"]) else { return }
        try write(.text(locale["register.productTotals"]), to: sheet, row: row + 1, column: product, format: header)
        for (offset, sum) in RecordLine.productTotals(lines, unnamed: { "\(locale["product.unnamed"]) \($0)" }).enumerated() {
            try write(.text(sum.product), to: sheet, row: row + 2 + offset, column: product)
            try write(.number(sum.value), to: sheet, row: row + 2 + offset, column: total)
            try write(.text(sum.unit), to: sheet, row: row + 2 + offset, column: total + 1)
        }
    }

    /// The CSV's columns and values, typed.
    private func recordSheet(_ lines: [RecordLine]) throws(RenderError) {
        let sheet = try addSheet("record")
        for (column, name) in RecordCSV.columns.enumerated() {
            try write(.text(name), to: sheet, row: 0, column: column, format: header)
            _ = library.setColumn(sheet, lxw_col_t(column), lxw_col_t(column), max(10, min(30, Double(name.count) + 2)), nil)
        }
        for (index, line) in lines.enumerated() {
            for (column, field) in RecordCSV.fields(line).enumerated() {
                let cell: Cell = switch field {
                case .text(let value), .code(let value): .text(value)
                case .number(let value): .number(value)
                case .day(let value): .day(value)
                }
                try write(cell, to: sheet, row: index + 1, column: column)
            }
        }
        finish(sheet, rows: lines.count, columns: RecordCSV.columns.count)
    }

    /// A sheet named within Excel's rules: at most 31 characters, none of `[]:*?/\`, no apostrophe
    /// at either end, unique.
    private func addSheet(_ wanted: String) throws(RenderError) -> UnsafeMutablePointer<lxw_worksheet> {
        let forbidden: Set<Character> = ["[", "]", ":", "*", "?", "/", "\\"]
        var base = String(wanted.filter { !forbidden.contains($0) && !$0.isNewline }.prefix(31))
        // Nor may it begin or end with an apostrophe ("Nr producenta O'Brien'" has no sheet), nor be
        // Excel's own "History".
        while base.hasPrefix("'") || base.hasSuffix("'") { base = String(base.hasPrefix("'") ? base.dropFirst() : base.dropLast()) }
        if base.isEmpty || base.lowercased() == "history" { base = base.isEmpty ? "sheet" : base + " (2)" }
        var name = base, number = 2
        while sheetNames.contains(name.lowercased()) {
            let suffix = " (\(number))"
            name = String(base.prefix(31 - suffix.count)) + suffix
            number += 1
        }
        sheetNames.insert(name.lowercased())
        guard let sheet = library.addSheet(workbook, name) else { throw RenderError("the sheet \"\(name)\" cannot be added", writeFailed: true) }
        return sheet
    }

    /// The header frozen, the rows filterable.
    private func finish(_ sheet: UnsafeMutablePointer<lxw_worksheet>, rows: Int, columns: Int) {
        library.freezePanes(sheet, 1, 0)
        _ = library.autofilter(sheet, 0, 0, lxw_row_t(max(rows, 1)), lxw_col_t(columns - 1))
    }

    private func write(_ cell: Cell, to sheet: UnsafeMutablePointer<lxw_worksheet>, row: Int, column: Int,
                       format explicit: UnsafeMutablePointer<lxw_format>? = nil) throws(RenderError) {
        let row = lxw_row_t(row), column = lxw_col_t(column)
        switch cell {
        case .text(let value):
            // Written as a string cell: a value beginning with "=" stays text, never a formula.
            guard let value, !value.isEmpty else { return }
            // Excel holds 32,767 characters a cell, counted as libxlsxwriter counts them (code
            // points): a longer text is refused, never cut nor dropped (libxlsxwriter left the cell
            // empty and said nothing).
            guard value.unicodeScalars.count <= Self.longestCell else {
                throw RenderError("a cell of the workbook (row \(row + 1), column \(column + 1)) would hold \(value.unicodeScalars.count) characters, more than the \(Self.longestCell) a spreadsheet cell holds", writeFailed: true)
            }
            try check(library.writeString(sheet, row, column, value, explicit ?? text), row: row, column: column)
        case .number(let value):
            // Cleaned of float noise, as every number the record writes (12.500000000000002 is 12.5).
            guard let value, value.isFinite else { return }
            try check(library.writeNumber(sheet, row, column, RecordNumber.cleaned(value), number), row: row, column: column)
        case .integer(let value):
            try check(library.writeNumber(sheet, row, column, Double(value), integer), row: row, column: column)
        case .day(let value):
            guard var moment = value.flatMap(Self.datetime) else { return }
            try check(library.writeDatetime(sheet, row, column, &moment, day), row: row, column: column)
        case .dayAndTime(let value, let time):
            guard var moment = value.flatMap(Self.datetime) else { return }
            if let time {
                let parts = time.split(separator: ":").compactMap { Int($0) }
                if parts.count >= 2 { (moment.hour, moment.min) = (Int32(parts[0]), Int32(parts[1])) }
            }
            try check(library.writeDatetime(sheet, row, column, &moment, time == nil ? day : dayAndTime), row: row, column: column)
        }
    }

    /// A libxlsxwriter result that is not success, as an error naming the cell.
    private func check(_ status: lxw_error, row: lxw_row_t, column: lxw_col_t) throws(RenderError) {
        guard !XLSXWriterLibrary.succeeded(status) else { return }
        throw RenderError("the workbook's cell at row \(row + 1), column \(column + 1) cannot be written: \(library.describe(status))", writeFailed: true)
    }

    /// `2026-04-14` as libxlsxwriter's date.
    static func datetime(_ day: String) -> lxw_datetime? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return lxw_datetime(year: Int32(parts[0]), month: Int32(parts[1]), day: Int32(parts[2]), hour: 0, min: 0, sec: 0)
    }
}
