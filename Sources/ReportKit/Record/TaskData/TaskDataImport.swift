import FoundationEssentials

/// The applied tasks of a terminal's task data as jobs (docs/isoxml.md): what `report-gen record
/// TASKDATA/` records. A task (TSK) that holds a time (TIM) was carried out: its start and stop
/// are the application's times, its logged totals (DataLogValues, DLV: total area, DDI 0x0074;
/// total volume, 0x0050) the area treated and the spray volume, and its treatment zone's product
/// rates (PDV: 0x0001 volume, 0x0006 mass per area, read by ``DataDictionaryEntity``) the
/// products' doses. A task without a time was only planned and is left out, and said; a carried-out
/// task with a value that cannot be read is refused, naming its element. Each job's notes say it
/// was logged by the machine and where its doses came from.
///
/// The jobs go through the same validation and calculation as any other, so the record of a
/// logged task is exactly what the record of the same job typed in would be.
package enum TaskDataImport {
    /// Doses outside this range per hectare (L or kg) are said as implausible: no product is
    /// applied at less than a millilitre or a gram a hectare, or above a tonne.
    static let plausibleDosePerHectare = 0.001...1_000.0

    /// The jobs (a JSON array of version 1 jobs), a line for each task left out as planned only and
    /// each value read with a warning (`warnings`), and a line for each carried-out task that cannot
    /// be read (`refused`: a value ISO 11783 does not write, no spray volume), naming its element:
    /// a record that leaves an application out is not the record, so a caller refuses the whole
    /// unless asked to record the others (`--skip-invalid`). `timeLogs` are the binary logs
    /// (``TimeLog``) by name (`TLG00001`), for the tasks that refer to them; `zone` gives times
    /// written without an offset theirs (else the zone of the file's language, Europe/Berlin for
    /// `lang="de"`, and Europe/Warsaw otherwise, as for a Polish job).
    public static func jobs(from root: TaskDataElement, timeLogs: [String: TimeLog] = [:],
                            zone: TimeZoneRules? = nil) -> (json: [UInt8], warnings: [String], refused: [String]) {
        let byID = Dictionary(root.children.compactMap { element in element["A"].map { ($0, element) } }) { first, _ in first }
        let language = ReportLanguage.allCases.first { root["lang"]?.hasPrefix($0.rawValue) == true } ?? .english
        let partfields = root.children.filter { $0.name == "PFD" }
        let zone = zone ?? TimeZoneRules.named(JobRules.timeZone(of: language) ?? "Europe/Warsaw") ?? TimeZoneRules.utc
        var jobs: [JSONValue] = []
        var warnings: [String] = [], refused: [String] = []
        for task in root.children where task.name == "TSK" {
            let label = "\(task["A"] ?? "TSK") (\(task["B"] ?? ""))"
            var reader = TaskReader(task: task, byID: byID, partfields: partfields, timeLogs: timeLogs, zone: zone, language: language)
            do {
                if let job = try reader.job() { jobs.append(job) }
            } catch {
                refused.append("\(label): \(error.message)")
            }
            warnings += reader.notes.map { "\(label): \($0)" }
        }
        return (JSONWriter.bytes(.array(jobs)), warnings, refused)
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONObject {
        JSONObject(members: members.map { JSONObject.Member(key: $0.0, value: $0.1) })
    }

    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: RecordNumber.text(value)))
    }
}
