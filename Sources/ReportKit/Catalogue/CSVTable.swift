/// A CSV file as rows of fields (RFC 4180: quoted fields may hold commas, quotes doubled and line
/// breaks), with the line each row starts on for error messages. Commas or semicolons, whichever
/// the header uses: a spreadsheet saved in a Polish locale writes semicolons.
///
/// Written here rather than taken from the CSV packages on the machine (CSV.swift, SwiftCSV):
/// both import all of Foundation, whose ICU data ReportKit keeps out of its static binary.
struct CSVTable {
    struct Row {
        let line: Int
        let fields: [String]
    }

    let header: [String]
    let rows: [Row]

    /// Where the first byte that is not UTF-8 is: its line and column (in bytes).
    static func invalidUTF8(in bytes: [UInt8]) -> SyntaxError {
        var line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            let end = index + length
            guard length > 0, end <= bytes.count,
                  String(validating: bytes[index..<end], as: UTF8.self) != nil else { break }
            if byte == UInt8(ascii: "\n") { line += 1; lineStart = end }
            index = end
        }
        return SyntaxError(line: line, message: "column \(index - lineStart + 1): bytes that are not UTF-8; save the file as UTF-8")
    }

    /// Why a file is not CSV: an unclosed quote, or bytes that are not UTF-8.
    struct SyntaxError: Error {
        let line: Int
        let message: String
    }

    init(_ bytes: [UInt8]) throws(SyntaxError) {
        // Invalid UTF-8 is refused where it is, as the JSON catalogue refuses it, never read as U+FFFD.
        guard var text = String(validating: bytes, as: UTF8.self) else { throw Self.invalidUTF8(in: bytes) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        let separator: Character = firstLine.contains(";") && !firstLine.contains(",") ? ";" : ","
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var rowLine = 1
        var fieldStarted = false
        func endRow() {
            fields.append(field)
            if fields.count > 1 || !fields[0].isEmpty || fieldStarted { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
            field = ""
            fieldStarted = false
        }
        var characters = text.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    if character == "\n" || character == "\r\n" || character == "\r" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty:
                quoted = true
                fieldStarted = true
            case separator:
                fields.append(field)
                field = ""
                fieldStarted = true
            case "\n", "\r\n", "\r":
                endRow()
                line += 1
                rowLine = line
            default:
                field.append(character)
            }
        }
        if quoted { throw SyntaxError(line: rowLine, message: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || fieldStarted { endRow() }
        header = rows.first?.fields.map(Self.trimmed) ?? []
        self.rows = Array(rows.dropFirst())
    }

    /// A field without the spaces around it.
    static func trimmed(_ field: String) -> String {
        String(field.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
