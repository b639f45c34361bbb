import ReportKit

/// Bytes as a terminal's TASKDATA.XML (and as the records of a binary time log): read with
/// libxml2, its logged tasks made into jobs, and those jobs decoded as any input is.
///
/// The promises: a refusal says why; the jobs made are always JSON the input reader accepts as a
/// history (each job is then valid or refused with its paths, never a crash); a time log is
/// read within its bytes (AddressSanitizer, in the fuzz build, would stop a read past them).
enum TaskDataCheck {
    /// A time log header with every position field and two data log values.
    static let header = TaskDataElement("TIM", [("A", ""), ("D", "4")], children: [
        TaskDataElement("PTN", ["A", "B", "C", "D", "E", "F", "G", "H", "I"].map { ($0, "") }),
        TaskDataElement("DLV", [("A", "0074"), ("B", ""), ("C", "DET1")]),
        TaskDataElement("DLV", [("A", "0050"), ("B", ""), ("C", "DET1")]),
    ])

    static func run(_ bytes: [UInt8]) -> [String] {
        var broken: [String] = []
        // Any bytes as records: read within their length or refused, never past them.
        _ = TimeLog.read(header: header, records: bytes, zone: nil)
        let root: TaskDataElement
        do {
            root = try TaskDataReader.root(of: bytes, name: "TASKDATA.XML")
        } catch {
            return broken + (error.description.isEmpty ? ["refused task data has no error message"] : [])
        }
        let (json, _, _) = TaskDataImport.jobs(from: root)
        // Refused entries are fine (each carries its own problems); a refusal of the whole would
        // mean the import made something that is not a list of jobs.
        do {
            _ = try JobDecoder.decodeDocument(json)
        } catch {
            if json != Array("[]".utf8) { broken.append("the jobs made of task data are not a history: \(error)") }
        }
        return broken
    }
}
