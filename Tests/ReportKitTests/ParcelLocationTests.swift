import Foundation
import Testing
@testable import ReportKit

/// Where a parcel is, as the German record asks (issue 55; docs/input-format.md, "Where a parcel
/// is"): a FLIK and a WGS 84 point beside the IACS label and the cadastral numbers, read from the
/// job, checked, and carried into the record (JSON, CSV), the registers, the report and task data.
@Suite("Parcels by FLIK and WGS 84 point")
struct ParcelLocationTests {
    static func job(parcels: String, locale: String = "de") -> [UInt8] {
        Array(#"{"version": 1, "locale": "\#(locale)", "date": "2026-04-14T07:00:00+02:00", "operator": "Jens Hansen", "field": {"name": "Großer Schlag", "crop": "Winterweizen", "cropCode": "TRZAW", "area": {"value": 12, "unit": "ha"}, "parcels": \#(parcels)}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 3000, "unit": "L"}}, "products": [{"name": "Heritage", "authorisation": "026488-00", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8)
    }

    static let located = job(parcels: #"[{"label": "Schlag 7", "flik": "DEBBLI0260100301", "area": {"value": 8, "unit": "ha"}}, {"point": {"latitude": 52.3906, "longitude": 13.0645}, "area": {"value": 4, "unit": "ha"}}]"#)

    @Test func aFLIKAndAPointAreReadAndEachNamesAParcel() throws {
        let job = try JobDecoder.decodeJob(Self.located).job
        #expect(job.field.parcels[0].flik == "DEBBLI0260100301" && job.field.parcels[0].label == "Schlag 7")
        #expect(job.field.parcels[1].latitude == 52.3906 && job.field.parcels[1].longitude == 13.0645 && job.field.parcels[1].label == nil)
        // A point or a FLIK is the location the German record asks for: nothing is missing.
        #expect(RecordJurisdiction.de.missing(in: job).isEmpty, "\(RecordJurisdiction.de.missing(in: job))")
    }

    @Test(arguments: [
        (#"[{"point": {"latitude": 52.39}}]"#, "$.field.parcels[0].point.longitude", "input.missing"),
        (#"[{"point": {"latitude": 91, "longitude": 13}}]"#, "$.field.parcels[0].point.latitude", "input.range"),
        (#"[{"point": {"latitude": 52, "longitude": -180.5}}]"#, "$.field.parcels[0].point.longitude", "input.range"),
        (#"[{"point": {"latitude": "52", "longitude": 13}}]"#, "$.field.parcels[0].point.latitude", "input.type"),
        (#"[{"area": {"value": 12, "unit": "ha"}}]"#, "$.field.parcels[0]", "input.parcel"),
        (#"[{"flik": " "}]"#, "$.field.parcels[0].flik", "input.text"),
    ])
    func aPointOrFLIKThatCannotBeUsedIsRefusedAtItsPath(parcels: String, path: String, code: String) throws {
        let error = #expect(throws: InputError.self) { try JobDecoder.decodeJob(Self.job(parcels: parcels)) }
        let found = error?.diagnostics.map { "\($0.path) \($0.code ?? "")" } ?? []
        #expect(found.contains("\(path) \(code)") || (code == "input.parcel" && found.contains { $0.hasSuffix(code) }), "\(found)")
    }

    @Test func theGermanCheckHoldsAFLIKToItsForm() throws {
        for (flik, problem) in [("DEBBLI026010030", "15"), ("DEXXLI0260100301", "DEXX"), ("DEBBQQ0260100301", "QQ"), ("DEBBLI02601003x1", "capital")] {
            let job = try JobDecoder.decodeJob(Self.job(parcels: #"[{"flik": "\#(flik)"}]"#)).job
            let warnings = RecordJurisdiction.de.missing(in: job)
            let warning = try #require(warnings.first { $0.code == "record.de.flik" }, "\(flik): \(warnings)")
            #expect(warning.path.description == "$.field.parcels[0].flik")
            #expect(warning.message.contains(problem), "\(warning.message)")
            #expect(warning.message(in: .german).hasPrefix("die deutsche Aufzeichnung liest \"\(flik)\" als FLIK"), "\(warning.message(in: .german))")
        }
        let good = try JobDecoder.decodeJob(Self.job(parcels: #"[{"flik": "DESHLIF040600001"}]"#)).job
        #expect(RecordJurisdiction.de.missing(in: good).isEmpty)
    }

    @Test func theRecordCarriesEachParcelsFLIKAndPoint() throws {
        let plan = try SprayCalculator.plan(for: try JobDecoder.decodeJob(Self.located).job)
        let lines = RecordLine.lines(of: plan)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(RecordFormat.json.document(lines).utf8)) as? [String: Any])
        #expect(json["format"] as? String == "reportkit-record/3")
        let parcels = try #require(((json["lines"] as? [[String: Any]])?.first?["parcels"]) as? [[String: Any]])
        #expect(parcels[0]["flik"] as? String == "DEBBLI0260100301" && parcels[0]["point"] is NSNull)
        #expect((parcels[1]["point"] as? [String: Double]) == ["latitude": 52.3906, "longitude": 13.0645] && parcels[1]["flik"] is NSNull)
        // CSV: one value a parcel, in the parcels' order; decimal commas in the Excel dialect.
        let csv = RecordFormat.csv.document(lines).split(separator: "\r\n").map(String.init)
        let header = csv[0].split(separator: ",").map(String.init)
        let flikColumn = try #require(header.firstIndex(of: "parcel_flik")), pointColumn = try #require(header.firstIndex(of: "parcel_wgs84"))
        #expect(flikColumn == header.firstIndex(of: "parcels")! + 1 && pointColumn == flikColumn + 1)
        #expect(csv[1].contains(",DEBBLI0260100301; ,; 52.3906 13.0645,"), "\(csv[1])")
        #expect(RecordFormat.csvExcelGerman.document(lines).contains(#";"Schlag 7 (8 ha); 52,3906 13,0645 (4 ha)";"DEBBLI0260100301; ";"; 52,3906 13,0645";"#),
                "\(RecordFormat.csvExcelGerman.document(lines))")
    }

    /// A report made before version 3 carries a record without `flik` and `point`: it still
    /// agrees with its job.
    @Test func aVersionTwoRecordStillAgreesWithItsJob() throws {
        let job = Self.job(parcels: #"[{"label": "Schlag 7", "cadastral": ["12/3"]}]"#)
        let plan = try SprayCalculator.plan(for: try JobDecoder.decodeJob(job).job)
        let current = ReportGenerator.recordDocument(of: plan)
        let versionTwo = String(decoding: current, as: UTF8.self)
            .replacing(#","flik": null,"point": null"#, with: "").replacing("reportkit-record/3", with: "reportkit-record/2")
        #expect(versionTwo.contains("reportkit-record/2") && !versionTwo.contains("flik"), "\(versionTwo.prefix(400))")
        let attachments = [PDFAttachment(name: "job.json", description: "", relationship: .source, bytes: job),
                           PDFAttachment(name: "record.json", description: "", relationship: .data, bytes: Array(versionTwo.utf8))]
        #expect(AttachedRecordCheck.contradictions(in: attachments).isEmpty, "\(AttachedRecordCheck.contradictions(in: attachments))")
        // And a record whose FLIK was changed does not.
        let located = Self.job(parcels: #"[{"flik": "DEBBLI0260100301"}]"#)
        let record = String(decoding: ReportGenerator.recordDocument(of: try SprayCalculator.plan(for: try JobDecoder.decodeJob(located).job)), as: UTF8.self)
            .replacing("DEBBLI0260100301", with: "DEBBLI0260100399")
        let edited = [PDFAttachment(name: "job.json", description: "", relationship: .source, bytes: located),
                      PDFAttachment(name: "record.json", description: "", relationship: .data, bytes: Array(record.utf8))]
        #expect(AttachedRecordCheck.contradictions(in: edited).first?.contains("parcels") == true)
    }

    /// Task data: the FLIK is the partfield's code, the point its reference point (PNT type 10),
    /// and reading the partfields back gives the parcels again.
    @Test func taskDataCarriesTheFLIKAndThePointAndReadsThemBack() throws {
        let plan = try SprayCalculator.plan(for: try JobDecoder.decodeJob(Self.located).job)
        let root = TaskDataExport.taskData(of: [plan], language: .german).root
        let partfields = root.children.filter { $0.name == "PFD" }
        let parcelRows = partfields.filter { $0["I"] != nil }
        #expect(parcelRows.count == 2 && parcelRows[0]["B"] == "DEBBLI0260100301")
        let point = try #require(parcelRows[1].children.first)
        #expect(point.name == "PNT" && point["A"] == "10" && point["C"] == "52.390600000" && point["D"] == "13.064500000")
        let field = try #require(partfields.first { $0["I"] == nil })
        let reader = TaskDataImport.TaskReader(task: TaskDataElement("TSK", []), byID: [:], partfields: partfields, timeLogs: [:],
                                               zone: TimeZoneRules.utc, language: .german)
        let parcels = try #require(try reader.parcels(of: field))
        let written = String(decoding: JSONWriter.bytes(.array(parcels)), as: UTF8.self)
        #expect(written.contains(#""flik":"DEBBLI0260100301""#) || written.contains(#""flik": "DEBBLI0260100301""#), "\(written)")
        #expect(written.contains("52.3906") && written.contains("13.0645"), "\(written)")
    }
}
