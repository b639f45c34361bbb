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

    /// Why a file is not CSV: an unclosed quote.
    struct SyntaxError: Error {
        let line: Int
        let message: String
    }

    init(_ bytes: [UInt8]) throws(SyntaxError) {
        var text = String(decoding: bytes, as: UTF8.self)
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
