/// The record's machine-readable forms (docs/record-format.md, docs/record-v2.schema.json): a
/// JSON document of lines, and CSV with one header row (RFC 4180, UTF-8, `.` decimals, ISO dates,
/// units in their own columns). Both are written a line at a time, so a season is streamed.
public enum RecordFormat: String, Sendable, CaseIterable {
    case csv, json

    /// The format's identifier in the JSON document.
    public static let identifier = "reportkit-record/2"

    /// What comes before the first line.
    public var header: String {
        switch self {
        case .json: "{\"format\": \"\(Self.identifier)\", \"lines\": ["
        case .csv: RecordCSV.columns.joined(separator: ",") + "\r\n"
        }
    }

    /// One line; `first` tells the JSON writer whether a comma goes before it.
    public func text(of line: RecordLine, first: Bool) -> String {
        switch self {
        case .json: (first ? "\n" : ",\n") + RecordJSON.text(of: line)
        case .csv: RecordCSV.row(line)
        }
    }

    /// What comes after the last line.
    public var footer: String {
        switch self {
        case .json: "\n]}\n"
        case .csv: ""
        }
    }

    /// The whole document of `lines`.
    public func document(_ lines: [RecordLine]) -> String {
        header + lines.enumerated().map { text(of: $1, first: $0 == 0) }.joined() + footer
    }
}
