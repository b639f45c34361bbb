import Foundation
import Testing
import CLITestSupport

/// Task data as other programs write it, read into the record: a file made by PyPI
/// isoxml-writer (another farm-management side) at the standard's resolution, times without an
/// offset as terminals write them, the hour the clocks repeat, and one unreadable task among good ones.
@Suite("ISOXML task data from other writers")
struct TaskDataInteropCLITests {
    /// A task file written by isoxml-writer: a customer, farm and 4 ha partfield, one task whose
    /// zone sets a liquid at 1.25 L/ha and a dry product at 0.25 kg/ha. Each setpoint is the
    /// dose in the DDI's own unit divided by the resolution isoxml-writer's table gives (1 L/ha
    /// is 100 mm³/m², 1 kg/ha is 100 mg/m²); the products and the time, which isoxml-writer has
    /// no classes for, are added to its tree. argv: folder, the TIM's start and stop.
    static let writer = """
        import sys, os, xml.etree.ElementTree as ET
        from isoxml_writer.isoxml import Taskdata, Partfield, Task, TreatmentZone, ProcessDataVariable, Customer, Farm
        from isoxml_writer.ddi import DDI
        folder, start, stop = sys.argv[1], sys.argv[2], sys.argv[3]
        volume, mass = DDI.setpoint_volume_per_area_application_rate(), DDI.setpoint_mass_per_area_application_rate()
        assert volume.unit_symbol == "mm³/m²" and mass.unit_symbol == "mg/m²"
        data = Taskdata()
        customer = Customer(1, "Gospodarstwo Nowak"); data.add_customer(customer)
        farm = Farm(1, "Nowak"); data.add_farm(farm)
        field = Partfield(1, "Pole za lasem", 40000); data.add_partfield(field)
        data.et.append(ET.Element("PDT", A="PDT1", B="Herbicyd płynny", F="1"))
        data.et.append(ET.Element("PDT", A="PDT2", B="Herbicyd WG", F="1"))
        task = Task(1, "Oprysk", status=4)
        task.set_customer(customer); task.set_partfield(field)
        zone = TreatmentZone(1)
        liquid = ProcessDataVariable(volume.ddi_id_hex, round(1.25 * 100 / volume.bit_resolution)); liquid.et.set("C", "PDT1")
        dry = ProcessDataVariable(mass.ddi_id_hex, round(0.25 * 100 / mass.bit_resolution)); dry.et.set("C", "PDT2")
        zone.add_process_data_variable(liquid); zone.add_process_data_variable(dry)
        task.add_treatment_zone(zone)
        time = ET.SubElement(task.et, "TIM", A=start, B=stop, D="4")
        ET.SubElement(time, "DLV", A="0050", B="800", C="DET-1")   # Application Total Volume, L: 200 L/ha over the 4 ha
        data.add_task(task)
        os.makedirs(folder + "/TASKDATA", exist_ok=True)
        open(folder + "/TASKDATA/TASKDATA.XML", "w", encoding="utf-8").write(data.get_taskdata())
        """

    private func write(_ folder: ScratchFolder, start: String = "2026-04-14T07:30:00+02:00", stop: String = "2026-04-14T08:30:00+02:00") throws -> String {
        let made = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", Self.writer, folder.path("usb"), start, stop])
        #expect(made.status == 0, "isoxml-writer refused the file: \(made.stderr)")
        return folder.path("usb/TASKDATA")
    }

    private func lines(_ folder: ScratchFolder, _ arguments: [String]) throws -> (run: ReportGen.Run, lines: [[String: Any]]) {
        let name = "record-\(UUID().uuidString).json"
        let run = try ReportGen.run(arguments + ["-o", folder.path(name)])
        guard FileManager.default.fileExists(atPath: folder.path(name)) else { return (run, []) }
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(name))) as? [String: Any]
        return (run, record?["lines"] as? [[String: Any]] ?? [])
    }

    @Test func aTaskWrittenAtTheStandardsResolutionIsRecordedAtTheDoseItCarries() throws {
        let folder = try ScratchFolder()
        let taskData = try write(folder)
        let (run, lines) = try lines(folder, ["record", taskData])
        #expect(run.status == 0, "\(run.stderr)")
        let doses = lines.map { ($0["product"] as? String ?? "", ($0["dosePerHa"] as? [String: Any])?["value"] as? Double ?? -1,
                                 ($0["dosePerHa"] as? [String: Any])?["unit"] as? String ?? "") }
        #expect(doses.count == 2)
        #expect(doses.contains { $0 == ("Herbicyd płynny", 1.25, "L/ha") }, "\(doses)")
        #expect(doses.contains { $0 == ("Herbicyd WG", 0.25, "kg/ha") }, "\(doses)")
        #expect(!run.stderr.contains("outside what products are applied at"), "\(run.stderr)")
        // 5 L over the 4 ha of the partfield.
        #expect(lines.first { $0["product"] as? String == "Herbicyd płynny" }.flatMap { ($0["totalProduct"] as? [String: Any])?["value"] as? Double } == 5)
    }

    @Test func aDoseNoProductIsAppliedAtIsSaidWithTheTaskAndProduct() throws {
        let folder = try ScratchFolder()
        let taskData = try write(folder)
        // The setpoint a writer that took 1 mm³/m² for 1 L/ha would have given 1.25 L/ha a hundredth of.
        let file = taskData + "/TASKDATA.XML"
        let xml = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "B=\"12500\"", with: "B=\"5\"")
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let (run, _) = try lines(folder, ["record", taskData])
        #expect(run.stderr.contains("TSK-1") && run.stderr.contains("Herbicyd płynny") && run.stderr.contains("0.0005 L/ha")
                && run.stderr.contains("outside what products are applied at"), "\(run.stderr)")
    }

    /// A value past what a job may hold is refused by the element that holds it, not by the path
    /// of the job the task would have become ("$[0].products[0].rate.value", in no file the user has).
    @Test func aDosePastTheLimitIsRefusedByItsElement() throws {
        let folder = try ScratchFolder()
        let taskData = try write(folder)
        let file = taskData + "/TASKDATA.XML"
        let xml = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "B=\"12500\"", with: "B=\"50000000\"")
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let (run, _) = try lines(folder, ["record", taskData])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains(#"<PDV A="0001" C="PDT1"> sets Herbicyd płynny at 5000 L/ha"#) && !run.stderr.contains("$[0]"), "\(run.stderr)")
    }

    @Test func aTimeWithoutAnOffsetIsTheTerminalsClockInTheRunsZone() throws {
        let folder = try ScratchFolder()
        let taskData = try write(folder, start: "2026-04-14T07:30:00", stop: "2026-04-14T08:30:00")
        let (warsaw, inPoland) = try lines(folder, ["record", taskData])
        #expect(warsaw.status == 0, "taken as Poland's clock: \(warsaw.stderr)")
        #expect(inPoland.first?["startTime"] as? String == "07:30:00" && inPoland.first?["utcOffset"] as? String == "+02:00", "\(inPoland.first ?? [:])")
        let (lisbon, inPortugal) = try lines(folder, ["record", taskData, "--time-zone", "Europe/Lisbon"])
        #expect(lisbon.status == 0, "\(lisbon.stderr)")
        #expect(inPortugal.first?["startTime"] as? String == "07:30:00" && inPortugal.first?["utcOffset"] as? String == "+01:00", "\(inPortugal.first ?? [:])")
    }

    @Test func theHourTheClocksRepeatIsSaid() throws {
        let folder = try ScratchFolder()
        // 25 October 2026: Poland's clocks go from 03:00 back to 02:00.
        let taskData = try write(folder, start: "2026-10-25T02:30:00", stop: "2026-10-25T04:00:00")
        let (run, lines) = try lines(folder, ["record", taskData])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the clocks repeat"), "\(run.stderr)")
        #expect(lines.first?["utcOffset"] as? String == "+02:00", "the first pass of the hour: \(lines.first ?? [:])")
    }

    @Test func oneUnreadableTaskIsLeftOutAndTheOthersAreRecorded() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["isoxml", TaskDataCLITests.season, "-o", folder.path("usb")]).status == 0)
        let file = folder.path("usb/TASKDATA/TASKDATA.XML")
        var xml = try String(contentsOfFile: file, encoding: .utf8)
        for task in ["TSK1", "TSK2"] {
            let start = try #require(xml.range(of: "<TSK A=\"\(task)\""))
            let end = try #require(xml.range(of: "</TSK>", range: start.upperBound..<xml.endIndex))
            xml.insert(contentsOf: "  <TIM A=\"2026-04-14T07:35:00+02:00\" B=\"2026-04-14T09:05:00+02:00\" D=\"4\"/>\n  ", at: end.lowerBound)
        }
        // The second task's first setpoint is not a number ISO 11783 writes.
        let second = try #require(xml.range(of: "<TSK A=\"TSK2\""))
        let rate = try #require(xml.range(of: #"<PDV A="0001" B=""#, range: second.upperBound..<xml.endIndex))
        let value = try #require(xml.range(of: "\"", range: rate.upperBound..<xml.endIndex))
        xml.replaceSubrange(rate.upperBound..<value.lowerBound, with: "nan")
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        // A record that leaves an application out is not the record: refused, the task named by its element.
        let refused = try ReportGen.run(["record", folder.path("usb/TASKDATA"), "-o", folder.path("refused.json")])
        #expect(refused.status == 65 && !FileManager.default.fileExists(atPath: folder.path("refused.json")), "\(refused.stderr)")
        #expect(refused.stderr.contains("TSK2") && refused.stderr.contains(#"B="nan" is not a decimal number"#) && refused.stderr.contains("--skip-invalid"),
                "the bad one is named with its element: \(refused.stderr)")
        // Asked to, the others are recorded and the bad one is listed as left out.
        let (run, lines) = try lines(folder, ["record", folder.path("usb/TASKDATA"), "--skip-invalid"])
        #expect(run.status == 65, "written, and the exit status says one was left out: \(run.stderr)")
        #expect(Set(lines.compactMap { $0["jobId"] as? String }) == ["isoxml-TSK1"], "the good task is recorded")
        #expect(run.stderr.contains("TSK2") && run.stderr.contains("left out"), "\(run.stderr)")
        // validate checks every task and fails for the one it cannot read.
        let validate = try ReportGen.run(["validate", folder.path("usb/TASKDATA")])
        #expect(validate.status == 65 && validate.stdout.contains("isoxml-TSK1") && validate.stderr.contains("TSK2"), "\(validate.stdout) \(validate.stderr)")
    }

    @Test func aDoseTheResolutionCannotHoldIsWrittenToTheNearestStepAndSaid() throws {
        let folder = try ScratchFolder()
        var job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) as? [String: Any])
        job["products"] = [["name": "Granstar 75 WG", "rate": ["value": 15, "unit": "g/ha"]],
                           ["name": "Adiuwant", "rate": ["value": 0.0625, "unit": "L/ha"]]]
        let input = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: job), as: UTF8.self), to: "job.json")
        let run = try ReportGen.run(["isoxml", input, "-o", folder.path("usb"), "--diagnostics", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rounded = run.stderr.split(separator: "\n").filter { $0.contains("isoxml.rate-rounded") }
        #expect(rounded.count == 1, "15 g/ha in steps of 10 g/ha; 0.0625 L/ha is held exactly: \(run.stderr)")
        #expect(rounded.first.map { $0.contains("Granstar 75 WG") && $0.contains("15 g/ha") && $0.contains("20 g/ha") && $0.contains("+33 %") } == true,
                "\(rounded)")
        // The recipe of the mix holds both to the gram and millilitre.
        let xml = try String(contentsOfFile: folder.path("usb/TASKDATA/TASKDATA.XML"), encoding: .utf8)
        #expect(xml.contains(#"<PRN A="PDT1" B="150"/>"#) && xml.contains(#"<PRN A="PDT2" B="625"/>"#), "\(xml)")
        // Read back, the dose is the recipe's, not the rounded setpoint's.
        var logged = xml
        let end = try #require(logged.range(of: "</TSK>"))
        logged.insert(contentsOf: "  <TIM A=\"2026-04-14T07:35:00+02:00\" B=\"2026-04-14T09:05:00+02:00\" D=\"4\"/>\n  ", at: end.lowerBound)
        try logged.write(toFile: folder.path("usb/TASKDATA/TASKDATA.XML"), atomically: true, encoding: .utf8)
        let (back, lines) = try lines(folder, ["record", folder.path("usb/TASKDATA")])
        #expect(back.status == 0, "\(back.stderr)")
        let granstar = lines.first { $0["product"] as? String == "Granstar 75 WG" }
        #expect((granstar?["dosePerHa"] as? [String: Any])?["value"] as? Double == 0.015, "\(granstar ?? [:])")
    }

    /// A binary log with only the terminal's wall clock across the night the clocks go back
    /// (25 October 2026 in Poland): 02:40, 02:55, then 02:10 and 02:30 again. The clock running
    /// backwards places the first two in summer time and the last two in winter time, so the
    /// application took 1 h 50 min, not 10 minutes less than nothing.
    @Test func aWallClockLogAcrossTheOctoberChangeIsPlacedByItsOwnSequence() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["isoxml", TaskDataCLITests.season, "-o", folder.path("usb")]).status == 0)
        let taskData = folder.path("usb/TASKDATA")
        var xml = try String(contentsOfFile: taskData + "/TASKDATA.XML", encoding: .utf8)
        let task = try #require(xml.range(of: "<TSK A=\"TSK1\""))
        let end = try #require(xml.range(of: "</TSK>", range: task.upperBound..<xml.endIndex))
        xml.insert(contentsOf: "  <TLG A=\"TLG00001\"/>\n  ", at: end.lowerBound)
        try xml.write(toFile: taskData + "/TASKDATA.XML", atomically: true, encoding: .utf8)
        let writer = """
            import struct, sys, datetime
            folder = sys.argv[1]
            open(folder + "/TLG00001.XML", "w").write('<?xml version="1.0" encoding="UTF-8"?>\\n<TIM A="" D="4"><PTN A="" B="" D=""/>'
                '<DLV A="0074" B="" C="DET1"/><DLV A="0050" B="" C="DET1"/></TIM>\\n')
            days = (datetime.date(2026, 10, 25) - datetime.date(1980, 1, 1)).days
            with open(folder + "/TLG00001.BIN", "wb") as out:
                for (hour, minute), area, litres in [((2, 40), 0, 0), ((2, 55), 40000, 8000), ((2, 10), 80000, 16000), ((2, 30), 124000, 24800)]:
                    out.write(struct.pack("<IH", (hour * 3600 + minute * 60) * 1000, days))
                    out.write(struct.pack("<iiB", 520000000, 210000000, 4))
                    out.write(struct.pack("<B", 2) + struct.pack("<Bi", 0, area) + struct.pack("<Bi", 1, litres))
            """
        let wrote = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", writer, taskData])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let (run, lines) = try lines(folder, ["record", taskData])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(lines.first { $0["jobId"] as? String == "isoxml-TSK1" })
        #expect(line["startTime"] as? String == "02:40:00" && line["utcOffset"] as? String == "+02:00", "\(line)")
        #expect(line["endTime"] as? String == "02:30:00" && line["endUtcOffset"] as? String == "+01:00", "\(line)")
        #expect(!run.stderr.contains("the clocks repeat"), "the sequence placed them: \(run.stderr)")
    }

    /// The XSD's 32 characters are code points: a field name of 20 letters each written with a
    /// combining mark (g̨, which has no precomposed form) is 40 of them, and is shortened and said.
    @Test func namesAreShortenedByTheSchemasCountOfCodePoints() throws {
        let folder = try ScratchFolder()
        var job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) as? [String: Any])
        job["field"] = ["name": String(repeating: "g\u{0328}", count: 20), "area": ["value": 2, "unit": "ha"]]
        let input = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: job), as: UTF8.self), to: "job.json")
        let run = try ReportGen.run(["isoxml", input, "-o", folder.path("usb")])
        #expect(run.status == 0 && run.stderr.contains("longer than the standard's 32 characters"), "\(run.stderr)")
        let checked = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", TaskDataCLITests.check, folder.path("usb/TASKDATA")])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any], "\(checked.stderr)")
        #expect((result["errors"] as? [String]) == [], "the XSD: \(result["errors"] ?? "")")
    }

    /// What the export writes comes back: the record of docs/examples/record-pl.json and the
    /// record of its task data, carried out, agree on the field, crop, parcels with their
    /// cadastral numbers, holding and every product's dose.
    @Test func aRoundTripKeepsTheFieldCropParcelsAndDoses() throws {
        let folder = try ScratchFolder()
        let example = ReportGen.example("record-pl.json")
        #expect(try ReportGen.run(["isoxml", example, "-o", folder.path("usb")]).status == 0)
        let file = folder.path("usb/TASKDATA/TASKDATA.XML")
        var xml = try String(contentsOfFile: file, encoding: .utf8)
        let end = try #require(xml.range(of: "</TSK>"))
        xml.insert(contentsOf: "  <TIM A=\"2026-04-14T07:30:00+02:00\" B=\"2026-04-14T09:00:00+02:00\" D=\"4\"/>\n  ", at: end.lowerBound)
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let (_, typed) = try lines(folder, ["record", example])
        let (back, logged) = try lines(folder, ["record", folder.path("usb/TASKDATA")])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(typed.count == logged.count && !typed.isEmpty)
        for (original, again) in zip(typed, logged) {
            for key in ["field", "crop", "parcels", "holding", "product", "dosePerHa", "treatedAreaHa"] {
                func text(_ value: Any?) throws -> String {
                    String(decoding: try JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
                }
                let (a, b) = (try text(original[key]), try text(again[key]))
                #expect(a == b, "\(key): \(a) typed, \(b) after the terminal")
            }
        }
    }
}
