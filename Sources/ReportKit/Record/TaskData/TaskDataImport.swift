import FoundationEssentials

/// The applied tasks of a terminal's task data as jobs (docs/isoxml.md): what `report-gen record
/// TASKDATA/` records. A task (TSK) that holds a time (TIM) was carried out: its start and stop
/// are the application's times, its logged totals (DataLogValues, DLV: total area, DDI 0x0074;
/// total volume, 0x0050) the area treated and the spray volume, and its treatment zone's product
/// rates (PDV: 0x0001 volume, 0x0006 mass per area) the products' doses. A task without a time
/// was only planned and is left out, and said. Each job's notes say it was logged by the machine.
///
/// The jobs go through the same validation and calculation as any other, so the record of a
/// logged task is exactly what the record of the same job typed in would be.
public enum TaskDataImport {
    /// The jobs (a JSON array of version 1 jobs), and a line for each task left out. `timeLogs`
    /// are the binary logs (``TimeLog``) by name (`TLG00001`), for the tasks that refer to them.
    public static func jobs(from root: TaskDataElement, timeLogs: [String: TimeLog] = [:]) -> (json: [UInt8], skipped: [String]) {
        let byID = Dictionary(root.children.compactMap { element in element["A"].map { ($0, element) } }) { first, _ in first }
        let polish = root["lang"]?.hasPrefix("pl") == true
        var jobs: [JSONValue] = []
        var skipped: [String] = []
        for task in root.children where task.name == "TSK" {
            let id = task["A"] ?? "TSK"
            let times = task.children.filter { $0.name == "TIM" }
            let logs = task.children.filter { $0.name == "TLG" }.compactMap { $0["A"].flatMap { timeLogs[$0] } }
            // The times and totals the task holds itself, else those of its binary logs.
            guard let start = times.compactMap({ $0["A"] }).min() ?? logs.map(\.start).min() else {
                skipped.append("\(id) (\(task["B"] ?? "")): no time logged, so planned only; not in the record")
                continue
            }
            let stop = times.compactMap { $0["B"] }.max() ?? logs.map(\.stop).max()
            // The totals of the task: the last value logged of each DDI.
            var totals: [String: Double] = [:]
            for log in logs { totals.merge(log.lastValues) { _, later in later } }
            for time in times {
                for value in time.children where value.name == "DLV" {
                    if let ddi = value["A"]?.uppercased(), let number = value["B"].flatMap(Double.init) { totals[ddi] = number }
                }
            }
            let partfield = task["E"].flatMap { byID[$0] }
            let plannedArea = partfield?["D"].flatMap(Double.init).map { $0 / 10_000 }
            let hectares = totals["0074"].map { $0 / 10_000 } ?? plannedArea ?? 0
            let zoneCode = task["H"] ?? "1"
            let zone = task.children.first { $0.name == "TZN" && $0["A"] == zoneCode } ?? task.children.first { $0.name == "TZN" }
            var products: [JSONValue] = []
            var setpointVolume: Double?
            for variable in zone?.children ?? [] where variable.name == "PDV" {
                guard let ddi = variable["A"]?.uppercased(), ddi == "0001" || ddi == "0006",
                      let value = variable["B"].flatMap(Double.init), let product = variable["C"].flatMap({ byID[$0] }) else { continue }
                if product["F"] == "2" || product["F"] == "3" {
                    setpointVolume = value / 100
                    continue
                }
                products.append(.object(object([
                    ("name", .string(product["B"] ?? "?")),
                    ("rate", .object(object([("value", number(value / 100)), ("unit", .string(ddi == "0001" ? "L/ha" : "kg/ha"))]))),
                ])))
            }
            guard !products.isEmpty, hectares > 0 else {
                skipped.append("\(id) (\(task["B"] ?? "")): no product rate or no area; not in the record")
                continue
            }
            // The spray volume as applied when the terminal logged the volume, else as set.
            let litresPerHectare = totals["0050"].map { $0 / hectares } ?? setpointVolume ?? 0
            let litres = litresPerHectare * hectares
            let customer = task["C"].flatMap { byID[$0] }
            let note = polish ? "Zarejestrowane przez maszynę (ISO 11783-10, zadanie \(id))" : "Logged by the machine (ISO 11783-10 task \(id))"
            var members: [(String, JSONValue)] = [
                ("version", number(1)), ("id", .string("isoxml-\(id)")), ("locale", .string(polish ? "pl" : "en")),
                ("date", .string(start)),
            ]
            if let stop { members.append(("endDate", .string(stop))) }
            if let title = task["B"] { members.append(("title", .string(title))) }
            var field: [(String, JSONValue)] = [("area", .object(object([("value", number(hectares)), ("unit", .string("ha"))])))]
            if let name = partfield?["C"] { field.insert(("name", .string(name)), at: 0) }
            members += [
                ("field", .object(object(field))),
                ("sprayRate", .object(object([("value", number(litresPerHectare)), ("unit", .string("L/ha"))]))),
                // One load of the whole: the terminal logged what was applied, not how the tank was filled.
                ("tank", .object(object([("capacity", .object(object([("value", number(min(max(litres.rounded(.up), 1), 100_000))),
                                                                       ("unit", .string("L"))])))]))),
                ("products", .array(products)),
                ("notes", .string(note)),
            ]
            if let holding = customer?["B"] { members.append(("holding", .string(holding))) }
            jobs.append(.object(object(members)))
        }
        return (JSONWriter.bytes(.array(jobs)), skipped)
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONObject {
        JSONObject(members: members.map { JSONObject.Member(key: $0.0, value: $0.1) })
    }

    private static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: RecordNumber.text(value)))
    }
}
