/// The record's machine-readable forms (docs/record-format.md, docs/record-v3.schema.json): a
/// JSON document of lines, and CSV with one header row (RFC 4180, UTF-8, `.` decimals, ISO dates,
/// units in their own columns), or the same CSV in the dialect Polish and German Excel open (`;`
/// between fields, decimal commas, a UTF-8 byte order mark). All are written a line at a time, so a
/// season is streamed.
public enum RecordFormat: String, Sendable, CaseIterable {
    case csv, json
    /// CSV as Excel set to Polish reads it: semicolons, decimal commas, a byte order mark.
    case csvExcelPolish = "csv-excel-pl"
    /// CSV as Excel set to German reads it: the same dialect as Polish Excel's (semicolons, decimal
    /// commas, a byte order mark), named for the user who looks for it.
    case csvExcelGerman = "csv-excel-de"

    /// The format's identifier in the JSON document.
    public static let identifier = "reportkit-record/3"

    /// What comes before the first line.
    public var header: String {
        switch self {
        case .json: "{\"format\": \"\(Self.identifier)\", \"lines\": ["
        case .csv: RecordCSV.columns.joined(separator: ",") + "\r\n"
        case .csvExcelPolish, .csvExcelGerman: "\u{FEFF}" + RecordCSV.columns.joined(separator: ";") + "\r\n"
        }
    }

    /// One line; `first` tells the JSON writer whether a comma goes before it.
    package func text(of line: RecordLine, first: Bool) -> String {
        switch self {
        case .json: (first ? "\n" : ",\n") + RecordJSON.text(of: line)
        case .csv: RecordCSV.row(line)
        case .csvExcelPolish, .csvExcelGerman: RecordCSV.row(line, separator: ";", decimalComma: true)
        }
    }

    /// What comes after the last line: in JSON, the entries of the history left out of the record
    /// as invalid (`omitted`, empty when none was), so a record never lacks an application in
    /// silence. CSV has nowhere to say it: a CSV record with entries left out is written only
    /// when asked for (`--skip-invalid`).
    package func footer(omitted: [OmittedEntry] = []) -> String {
        switch self {
        case .json:
            // One entry a line of text, as the record's lines are (escaped line breaks only inside values).
            let entries = omitted.map { entry in
                JSONWriter.singleLine(entry.json)
            }
            return "\n], \"omitted\": [" + entries.joined(separator: ", ") + "]}\n"
        case .csv, .csvExcelPolish, .csvExcelGerman: return ""
        }
    }

    /// The whole document of `lines`.
    package func document(_ lines: [RecordLine], omitted: [OmittedEntry] = []) -> String {
        header + lines.enumerated().map { text(of: $1, first: $0 == 0) }.joined() + footer(omitted: omitted)
    }
}

/// An entry of a history that is not in the record, because it is not a valid job.
package struct OmittedEntry: Sendable, Equatable {
    /// The entry's number in the history, from 1.
    public var entry: Int
    /// Its line, in JSON Lines.
    public var line: Int?
    /// Its own id, when it has one.
    public var id: String?
    /// The file it is in, when the record was made of several.
    public var source: String?
    /// Why it is not a valid job: "$.field.area.value: must be greater than 0, got -3".
    public var reasons: [String]

    public init(entry: Int, line: Int? = nil, id: String? = nil, source: String? = nil, reasons: [String]) {
        self.entry = entry
        self.line = line
        self.id = id
        self.source = source
        self.reasons = reasons
    }

    var json: JSONValue {
        .object([
            "entry": .number(Double(entry)),
            "line": line.map { .number(Double($0)) } ?? .null,
            "id": id.map(JSONValue.string) ?? .null,
            "source": source.map(JSONValue.string) ?? .null,
            "reasons": .array(reasons.map(JSONValue.string)),
        ])
    }
}
