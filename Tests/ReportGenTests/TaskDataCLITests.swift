import Foundation
import Testing
import CLITestSupport

/// `report-gen isoxml` (docs/isoxml.md): task data that the standard's own XSD (version 4.3, as
/// the PyPI wheel isoxml-writer ships it) accepts with no error, and that an independent reader
/// (PyPI isoxml) reads back to the plan's rates, to each DDI's resolution.
@Suite("ISOXML task data")
struct TaskDataCLITests {
    static let season = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/register-season.json").path

    /// Validation and read-back in Python: the XSD's errors, and per task its field, area and
    /// each process data variable (DDI, value, product name) with the dose it means. The dose is
    /// the independent packages' reading, never ours: the DDI's unit and resolution from PyPI
    /// isoxml's data dictionary (checked against isoxml-writer's table), and the unit's size in
    /// the record's units from the SI (1 mm³/m² is 0.01 L/ha; 1 mg/m² is 0.01 kg/ha).
    static let check = """
        import json, os, sys, xmlschema, isoxml_writer
        from pathlib import Path
        from isoxml.util.isoxml_io import isoxml_from_path
        from isoxml.models.ddi_entities import DDEntity
        from isoxml_writer.ddi import ddi_data
        xsd = os.path.join(os.path.dirname(isoxml_writer.__file__), "ISOXML_schema", "ISO11783_TaskFile_V4-3.xsd")
        errors = [e.reason for e in xmlschema.XMLSchema(xsd).iter_errors(sys.argv[1] + "/TASKDATA.XML")]
        data, _ = isoxml_from_path(Path(sys.argv[1]))
        products = {p.id: p.designator for p in data.products}
        fields = {f.id: (f.designator, f.area) for f in data.partfields}
        litre, kilogram, hectare = 1e-3, 1.0, 1e4                      # in m³, kg and m²
        in_record_units = {"mm³/m²": (1e-9 / litre) / (1 / hectare),    # L/ha: 0.01
                           "mg/m²": (1e-6 / kilogram) / (1 / hectare)}  # kg/ha: 0.01
        def dose(ddi, value):
            entity = DDEntity.from_id(ddi)
            writer = ddi_data[ddi]
            assert (writer["bit_resolution"], writer["unit_symbol"]) == (entity.bit_resolution, entity.unit), (ddi, writer, entity)
            step = entity.bit_resolution * in_record_units[entity.unit]
            return value * step, step
        tasks = []
        for task in data.tasks:
            zone = task.treatment_zones[0]
            rates = []
            for v in zone.process_data_variables:
                ddi = int.from_bytes(v.process_data_ddi, "big")
                amount, step = dose(ddi, v.process_data_value)
                rates.append([v.process_data_ddi.hex().upper(), v.process_data_value, products[v.product_id_ref], amount, step])
            tasks.append({"field": fields[task.partfield_id_ref][0], "area": fields[task.partfield_id_ref][1], "rates": rates})
        print(json.dumps({"errors": errors, "tasks": tasks}))
        """

    /// Every task's rates against the record of the same season, job by job and product by
    /// product in order: the spray volume and each dose as a terminal reads them (the independent
    /// reading of ``check``) are the record's, to the nearest step of the DDI's resolution.
    static func expectRatesAreTheRecords(tasks: [[String: Any]], season: String, in folder: ScratchFolder) throws -> Int {
        #expect(try ReportGen.run(["record", season, "-o", folder.path("record-of-season.json")]).status == 0)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("record-of-season.json"))) as? [String: Any])
        let lines = try #require(record["lines"] as? [[String: Any]])
        // Every job of the seasons tried has an id: its lines are the ones that carry it.
        var jobs: [[[String: Any]]] = []
        for line in lines {
            if let id = line["jobId"] as? String, (jobs.last?.first?["jobId"] as? String) == id {
                jobs[jobs.count - 1].append(line)
            } else {
                jobs.append([line])
            }
        }
        #expect(tasks.count == jobs.count, "\(tasks.count) tasks, \(jobs.count) jobs in the record")
        var compared = 0
        for (task, job) in zip(tasks, jobs) {
            let rates = try #require(task["rates"] as? [[Any]])
            let sprayVolume = try #require(job.first?["sprayVolumeLPerHa"] as? Double)
            #expect(abs((rates.first?[3] as? Double ?? -1) - sprayVolume) <= (rates.first?[4] as? Double ?? 0) / 2 + sprayVolume * 1e-9,
                    "the spray volume read as \(rates.first?[3] ?? ""), the record has \(sprayVolume) L/ha")
            #expect(rates.count - 1 == job.count, "\(rates.count - 1) product rates for \(job.count) record lines")
            for (rate, line) in zip(rates.dropFirst(), job) {
                let dose = try #require(line["dosePerHa"] as? [String: Any])
                let perHectare = try #require(dose["value"] as? Double), unit = dose["unit"] as? String ?? ""
                let (ddi, read, step) = (rate[0] as? String, rate[3] as? Double ?? -1, rate[4] as? Double ?? 0)
                #expect(ddi == (unit == "kg/ha" ? "0006" : "0001"), "\(line["product"] ?? ""): \(unit)")
                #expect(abs(read - perHectare) <= step / 2 + perHectare * 1e-9,
                        "\(line["product"] ?? ""): read as \(read) \(unit), the record has \(perHectare)")
                compared += 1
            }
        }
        return compared
    }

    @Test func aSeasonIsTaskDataTheXSDAcceptsAndAnotherReaderReadsBackToThePlan() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["isoxml", Self.season, "-o", folder.path("usb")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("longer than the standard's 32 characters"), "a long task name is shortened and said: \(run.stderr)")
        let checked = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", Self.check, folder.path("usb/TASKDATA")])
        #expect(checked.status == 0, "\(checked.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any])
        #expect((result["errors"] as? [String]) == [], "the XSD: \(result["errors"] ?? "")")
        let tasks = try #require(result["tasks"] as? [[String: Any]])
        let compared = try Self.expectRatesAreTheRecords(tasks: tasks, season: Self.season, in: folder)
        #expect(compared >= 10, "\(compared) rates compared")
        // A second run keeps the terminal's file unless told.
        let again = try ReportGen.run(["isoxml", Self.season, "-o", folder.path("usb")])
        #expect(again.status == 73 && again.stderr.contains("--overwrite"), "\(again.stderr)")
        #expect(try ReportGen.run(["isoxml", Self.season, "-o", folder.path("usb"), "--overwrite"]).status == 0)
    }

    /// docs/examples/isoxml is what the command writes for docs/examples/record-pl.json today.
    @Test func theDocumentedExampleIsCurrent() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["isoxml", ReportGen.example("record-pl.json"), "-o", folder.path("out")]).status == 0)
        let written = try Data(contentsOf: folder.url.appendingPathComponent("out/TASKDATA/TASKDATA.XML"))
        let example = try Data(contentsOf: ReportGen.repository.appendingPathComponent("docs/examples/isoxml/TASKDATA/TASKDATA.XML"))
        #expect(written == example, "re-make it: report-gen isoxml docs/examples/record-pl.json -o docs/examples/isoxml --overwrite")
    }

    /// Every golden job in one season (1 to 20 products, 1,000 loads, a 100 m² plot, US units,
    /// 200-character names, a German parcel's FLIK), and one whose names hold what XML must
    /// escape and whose parcel is a point: the task data the
    /// XSD accepts, with a task per job and every long name shortened and said.
    @Test func everyKindOfJobGivesTaskDataTheXSDAccepts() throws {
        let folder = try ScratchFolder()
        let inputs = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs")
        var jobs: [Any] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: inputs.path).sorted()
        where ["pl-", "en-", "us-", "de-"].contains(where: name.hasPrefix) {
            var job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: inputs.appendingPathComponent(name))) as? [String: Any])
            job["id"] = job["id"] ?? name
            jobs.append(job)
        }
        var strange = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) as! [String: Any]
        strange["title"] = "Oprysk <pilny> & \"szybki\" 🚜"
        // A parcel outside IACS by its WGS 84 point: a PNT of type 10 under its partfield.
        strange["field"] = ["name": "Pole ]]> & <Łąka>", "area": ["value": 2, "unit": "ha"],
                            "parcels": [["label": "Hofstreifen", "point": ["latitude": 54.3233, "longitude": 10.1228]]]]
        strange["products"] = [["name": "Środek \"A\" & <B>", "rate": ["value": 1, "unit": "L/ha"]]]
        strange["id"] = "strange"
        jobs.append(strange)
        let season = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: jobs), as: UTF8.self), to: "season.json")
        let run = try ReportGen.run(["isoxml", season, "-o", folder.path("usb")])
        #expect(run.status == 0, "\(run.stderr)")
        let checked = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", TaskDataCLITests.check, folder.path("usb/TASKDATA")])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any], "\(checked.stderr)")
        #expect((result["errors"] as? [String]) == [], "the XSD: \(result["errors"] ?? "")")
        let tasks = try #require(result["tasks"] as? [[String: Any]])
        #expect(tasks.count == jobs.count)
        #expect(tasks.contains { ($0["field"] as? String) == "Pole ]]> & <Łąka>" }, "escaped by libxml2, read back as written")
        #expect(run.stderr.contains("longer than the standard's 32 characters"))
        // Every dose of every kind of job (every dose unit of the goldens: L/ha, kg/ha, mL/100 L,
        // %, US label units) as a terminal reads it.
        #expect(try Self.expectRatesAreTheRecords(tasks: tasks, season: season, in: folder) >= 60)
    }

    @Test func anInvalidEntryWritesNothing() throws {
        let folder = try ScratchFolder()
        let bad = try folder.write(#"{"version": 1, "field": {"area": {"value": -3, "unit": "ha"}}}"#, to: "bad.json")
        let run = try ReportGen.run(["isoxml", bad, "-o", folder.path("usb")])
        #expect(run.status == 65 && run.stderr.contains("$.field.area"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("usb/TASKDATA/TASKDATA.XML")))
    }
}

/// `record TASKDATA/`: the tasks a terminal logged (start, stop, area and volume in their time
/// element) become record lines, marked as logged by the machine; planned tasks are left out and said.
@Suite("ISOXML task data read back as the record")
struct TaskDataImportCLITests {
    /// The season exported, then the first task "carried out" as a terminal logs it.
    private func loggedTaskData(in folder: ScratchFolder) throws -> String {
        #expect(try ReportGen.run(["isoxml", TaskDataCLITests.season, "-o", folder.path("usb")]).status == 0)
        let file = folder.path("usb/TASKDATA/TASKDATA.XML")
        var xml = try String(contentsOfFile: file, encoding: .utf8)
        let task = try #require(xml.range(of: "<TSK A=\"TSK1\""))
        let end = try #require(xml.range(of: "</TSK>", range: task.upperBound..<xml.endIndex))
        xml.insert(contentsOf: """
              <TIM A="2026-04-14T07:35:00+02:00" B="2026-04-14T09:05:00+02:00" D="4">
                  <DLV A="0074" B="124000" C="DET1"/>
                  <DLV A="0050" B="2480" C="DET1"/>
                </TIM>

            """, at: end.lowerBound)
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        return folder.path("usb/TASKDATA")
    }

    @Test func aLoggedTaskBecomesRecordLinesWithItsTimesAreaAndTotals() throws {
        let folder = try ScratchFolder()
        let taskData = try loggedTaskData(in: folder)
        let run = try ReportGen.run(["record", taskData, "-o", folder.path("logged.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("TSK2") && run.stderr.contains("planned only"), "planned tasks are said: \(run.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("logged.json"))) as? [String: Any])
        let lines = try #require(record["lines"] as? [[String: Any]])
        #expect(lines.count == 3, "the first task's three products")
        for line in lines {
            #expect(line["date"] as? String == "2026-04-14" && line["startTime"] as? String == "07:35:00" && line["endTime"] as? String == "09:05:00", "\(line)")
            #expect((line["treatedArea"] as? [String: Any])?["value"] as? Double == 12.4 || line["treatedAreaHa"] as? Double == 12.4, "\(line)")
            #expect((line["notes"] as? String)?.contains("ISO 11783-10") == true, "marked as logged by the machine")
        }
        let roundup = try #require(lines.first { $0["product"] as? String == "Roundup 360 SL" })
        // 1.5 L/ha over the 12.4 ha logged.
        #expect(abs(((roundup["totalProduct"] as? [String: Any])?["value"] as? Double ?? 0) - 18.6) < 1e-9, "\(roundup)")
        // The folder or its file, and every command that reads jobs.
        #expect(try ReportGen.run(["validate", taskData + "/TASKDATA.XML"]).stdout.contains("isoxml-TSK1"))
    }

    @Test func taskDataThatIsNotTaskDataIsRefusedAndEntitiesAreNotExpanded() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("bad/TASKDATA"), withIntermediateDirectories: true)
        _ = try folder.write("<html>not task data</html>", to: "bad/TASKDATA/TASKDATA.XML")
        let wrong = try ReportGen.run(["record", folder.path("bad/TASKDATA"), "-o", folder.path("x.csv")])
        #expect(wrong.status == 65 && wrong.stderr.contains("expected <ISO11783_TaskData>"), "\(wrong.stderr)")
        // A billion laughs: entities are never substituted, so nothing grows.
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
            <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
            <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]>
            <ISO11783_TaskData VersionMajor="4" VersionMinor="3" ManagementSoftwareManufacturer="x" ManagementSoftwareVersion="1" DataTransferOrigin="2">
            <TSK A="TSK1" B="&i;" G="4"/></ISO11783_TaskData>
            """
        _ = try folder.write(laughs, to: "bad/TASKDATA/TASKDATA.XML")
        let bomb = try ReportGen.run(["record", folder.path("bad/TASKDATA"), "-o", folder.path("x.csv")])
        #expect(bomb.status == 65, "no applied task, nothing recorded: \(bomb.stderr.prefix(300))")
        #expect(bomb.stderr.utf8.count < 10_000)
    }
}

/// A terminal's binary time log (TLG00001.XML and .BIN, as ISO 11783-10 annex D lays them out),
/// written here byte by byte with Python's struct, read back as the task's times and totals.
@Suite("ISOXML binary time logs")
struct TimeLogCLITests {
    static let writer = """
        import struct, sys, datetime
        folder = sys.argv[1]
        open(folder + "/TLG00001.XML", "w").write('<?xml version="1.0" encoding="UTF-8"?>\\n<TIM A="" D="4"><PTN A="" B="" D="" H="" I=""/>'
            '<DLV A="0074" B="" C="DET1"/><DLV A="0050" B="" C="DET1"/></TIM>\\n')
        days = (datetime.date(2026, 5, 6) - datetime.date(1980, 1, 1)).days
        with open(folder + "/TLG00001.BIN", "wb") as out:
            for seconds, area, litres in [(6 * 3600, 0, 0), (6 * 3600 + 1800, 20500, 10250), (6 * 3600 + 2700, 41000, 20500)]:
                out.write(struct.pack("<IH", (seconds + 7200) * 1000, days))           # local time, two hours ahead
                out.write(struct.pack("<iiBIH", 520000000, 210000000, 4, seconds * 1000, days))  # north, east, status, GPS time and date
                out.write(struct.pack("<B", 2) + struct.pack("<Bi", 0, area) + struct.pack("<Bi", 1, litres))
        """

    @Test func aTaskWithABinaryLogTakesItsTimesAndTotalsFromIt() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["isoxml", TaskDataCLITests.season, "-o", folder.path("usb")]).status == 0)
        let taskData = folder.path("usb/TASKDATA")
        let file = taskData + "/TASKDATA.XML"
        var xml = try String(contentsOfFile: file, encoding: .utf8)
        let task = try #require(xml.range(of: "<TSK A=\"TSK3\""))
        let end = try #require(xml.range(of: "</TSK>", range: task.upperBound..<xml.endIndex))
        xml.insert(contentsOf: "  <TLG A=\"TLG00001\"/>\n  ", at: end.lowerBound)
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let wrote = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", Self.writer, taskData])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let run = try ReportGen.run(["record", taskData, "-o", folder.path("logged.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("logged.json"))) as? [String: Any])
        let lines = try #require(record["lines"] as? [[String: Any]])
        #expect(lines.count == 2 && lines.allSatisfy { $0["jobId"] as? String == "isoxml-TSK3" }, "\(lines)")
        let line = try #require(lines.first)
        #expect(line["date"] as? String == "2026-05-06", "\(line)")
        // 06:00–06:45 UTC by GPS time; 4.1 ha and 20,500 L logged: 5,000 L/ha.
        #expect(line["startTime"] != nil && line["endTime"] != nil)
        let area = (line["treatedArea"] as? [String: Any])?["value"] as? Double ?? line["treatedAreaHa"] as? Double
        #expect(area == 4.1, "\(line)")
        #expect((line["sprayVolume"] as? [String: Any])?["value"] as? Double == 5000 || line["sprayVolumeLPerHa"] as? Double == 5000, "\(line)")
        // A log that is missing is said, and the task falls back to its own times (none here: left out).
        try FileManager.default.removeItem(atPath: taskData + "/TLG00001.BIN")
        let missing = try ReportGen.run(["record", taskData, "-o", folder.path("again.json")])
        #expect(missing.stderr.contains("TLG00001: its time log"), "\(missing.stderr)")
    }
}
