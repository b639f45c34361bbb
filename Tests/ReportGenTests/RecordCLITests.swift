import CLITestSupport
import Foundation
import Testing

/// `report-gen record` and `validate --record` as a user meets them: a season with the record's
/// fields gives CSV and JSON (valid against docs/record-v3.schema.json) with one line per product
/// and the right dose per hectare for every kind of rate; each jurisdiction's check names what it
/// misses.
@Suite("The record")
struct RecordCLITests {
    /// A season in JSON Lines: per-area liquid and dry rates, per-100 L liquid and dry, %, US units.
    static func season(in folder: ScratchFolder) throws -> String {
        let common = #""version": 1, "holding": "068812345", "operator": "Jan Kowalski", "operatorLicence": "PL-1", "target": "chwasty", "targetCodes": ["MATCH"]"#
        let lines = [
            #"{"# + common + #", "id": "j1", "date": "2026-04-14T07:30:00+02:00", "endDate": "2026-04-14T09:10:00+02:00", "bbch": [29, 31], "field": {"name": "Działka 12", "crop": "pszenica ozima", "cropCode": "TRZAW", "area": {"value": 12.5, "unit": "ha"}, "cropArea": {"value": 14, "unit": "ha"}, "parcels": [{"label": "A", "cadastral": ["0212/3"]}]}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}, "authorisation": "R-12/2019"}, {"name": "Siarczan amonu", "rate": {"value": 2, "unit": "kg/ha"}, "authorisation": "n/a"}, {"name": "Adiuwant", "rate": {"value": 0.1, "unit": "%"}, "authorisation": "A-1"}], "notes": "Strefa buforowa, 5 m; \"rów\"\nprzy drodze"}"#,
            #"{"# + common + #", "id": "j2", "date": "2026-05-06", "field": {"name": "Sad", "crop": "jabłoń", "cropCode": "MABSD", "area": {"value": 2, "unit": "ha"}, "parcels": [{"label": "C", "cadastral": ["0300/1"]}]}, "sprayRate": {"value": 400, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "Captan 80 WDG", "rate": {"value": 50, "unit": "g/100 L"}, "authorisation": "R-2/2020"}, {"name": "Mospilan", "rate": {"value": 300, "unit": "mL/100 L"}, "authorisation": "R-3/2020"}]}"#,
            #"{"# + common + #", "id": "j3", "date": "2026-07-02T09:15:00-05:00", "field": {"name": "North 80", "crop": "soybeans", "cropCode": "GLXMA", "area": {"value": 80, "unit": "ac"}, "parcels": [{"label": "N80"}]}, "sprayRate": {"value": 15, "unit": "gal/ac"}, "tank": {"capacity": {"value": 600, "unit": "gal"}}, "products": [{"name": "Headline", "rate": {"value": 1, "unit": "qt/ac"}, "authorisation": "7969-186"}]}"#,
        ]
        return try folder.write(lines.joined(separator: "\n") + "\n", to: "season.jsonl")
    }

    /// The CSV's rows as dictionaries, read by Python's csv module (RFC 4180).
    static func rows(_ csv: String) throws -> [[String: String]] {
        let script = "import csv, json, sys\nprint(json.dumps(list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let folder = try ScratchFolder()
        let path = try folder.write(csv, to: "record.csv")
        let run = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", script, path])
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: String]] ?? []
    }

    @Test func aSeasonGivesOneCSVLinePerProductWithTheDosePerHectare() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["record", try Self.season(in: folder), "-o", folder.path("season.csv")])
        #expect(run.status == 0, "\(run.stderr)")
        let csv = try String(contentsOfFile: folder.path("season.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("job_id,line,date,start_time,"))
        #expect(csv.contains("\r\n"))
        let rows = try Self.rows(csv)
        #expect(rows.map { "\($0["job_id"]!)/\($0["line"]!)" } == ["j1/1", "j1/2", "j1/3", "j2/1", "j2/2", "j3/1"])
        #expect(rows.map { "\($0["dose_per_ha"]!) \($0["dose_per_ha_unit"]!)" }
                == ["1.5 L/ha", "2 kg/ha", "0.2 L/ha", "0.2 kg/ha", "1.2 L/ha", "2.33848905724 L/ha"])
        #expect(rows.map { "\($0["total_product"]!) \($0["total_product_unit"]!)" }
                == ["18.75 L", "25 kg", "2.5 L", "0.4 kg", "2.4 L", "75.70823568 L"])
        #expect(rows.map { "\($0["dose"]!) \($0["dose_unit"]!)" } == ["1.5 L/ha", "2 kg/ha", "0.1 %", "50 g/100 L", "300 mL/100 L", "1 qt/ac"])
        let first = rows[0]
        #expect(first["date"] == "2026-04-14" && first["start_time"] == "07:30:00" && first["end_time"] == "09:10:00" && first["utc_offset"] == "+02:00")
        #expect(first["crop_eppo"] == "TRZAW" && first["bbch_from"] == "29" && first["bbch_to"] == "31")
        // Each parcel with its own cadastral numbers; the area as entered beside the hectares.
        #expect(first["cropped_area_ha"] == "14" && first["treated_area_ha"] == "12.5" && first["parcels"] == "A: 0212/3")
        #expect(first["treated_area"] == "12.5" && first["treated_area_unit"] == "ha" && first["product_kind"] == "plantProtection")
        #expect(first["notes"] == "Strefa buforowa, 5 m; \"rów\"\nprzy drodze", "a note with a comma, quotes and a line break survives")
        #expect(rows[3]["start_time"] == "" && rows[3]["utc_offset"] == "", "a date without a time has no time")
        // 80 acres and 15 gal/ac in metric, to twelve significant digits, with the acres as entered.
        #expect(rows[5]["treated_area_ha"] == "32.3748513792" && rows[5]["spray_volume_l_per_ha"] == "140.309343434")
        #expect(rows[5]["treated_area"] == "80" && rows[5]["treated_area_unit"] == "ac")
    }

    @Test func theJSONIsValidAgainstItsSchema() throws {
        let folder = try ScratchFolder()
        let season = try Self.season(in: folder)
        #expect(try ReportGen.run(["record", season, "-o", folder.path("season.json")]).status == 0)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); document = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator(schema).validate(document)
            print(len(document["lines"]), document["lines"][5]["dosePerHa"]["value"])
            """
        let schema = ReportGen.repository.appendingPathComponent("docs/record-v3.schema.json").path
        let checked = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", script, schema, folder.path("season.json")])
        #expect(checked.status == 0 && checked.stdout == "6 2.33848905724\n", "\(checked.stderr)")
        // The app's own entries, with none of the record's fields, are valid lines too.
        let app = try ReportGen.run(["record", ReportGen.repository.appendingPathComponent("Tests/Batch/app-history.json").path, "--format", "json"])
        let appPath = try folder.write(app.stdout, to: "app.json")
        #expect(try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", script.replacingOccurrences(of: #", document["lines"][5]["dosePerHa"]["value"]"#, with: ""), schema, appPath]).stdout == "3\n")
    }

    @Test func standardInputToStandardOutputAndTheSameBytesTwice() throws {
        let folder = try ScratchFolder()
        let season = try Self.season(in: folder)
        let piped = try ReportGen.run(["record", "-", "--format", "json"], stdin: FileManager.default.contents(atPath: season))
        let named = try ReportGen.run(["record", season, "--format", "json"])
        #expect(piped.status == 0 && piped.stdout == named.stdout && named.stdout.hasPrefix("{\"format\": \"reportkit-record/3\""))
    }

    @Test func aBadEntryIsLeftOutAndNamed() throws {
        let folder = try ScratchFolder()
        var lines = try String(contentsOfFile: try Self.season(in: folder), encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: #""cropCode": "MABSD""#, with: #""cropCode": "apple""#)
        let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "bad.jsonl")
        let run = try ReportGen.run(["record", path, "-o", folder.path("bad.csv")])
        #expect(run.status == 65)
        #expect(run.stderr.contains("entry 2 (id \"j2\"): $.field.cropCode: \"apple\" is not an EPPO code"), "\(run.stderr)")
        // A record without one of the applications is not written, unless asked for.
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad.csv")))
        let skipping = try ReportGen.run(["record", path, "--skip-invalid", "-o", folder.path("bad.csv")])
        #expect(skipping.status == 65)
        #expect(try Self.rows(try String(contentsOfFile: folder.path("bad.csv"), encoding: .utf8)).count == 4)
    }

    @Test func eachJurisdictionNamesWhatItMisses() throws {
        let job = ReportGen.repository.appendingPathComponent("docs/examples/herbicide-pl.json").path
        let eu = try ReportGen.run(["validate", job, "--record", "eu"])
        #expect(eu.status == 0)
        #expect(eu.stderr.contains("warning: \(job): $.products[1].authorisation: the EU record needs the product's authorisation number (Reg. 2023/564, Annex)"))
        #expect(eu.stderr.contains("$.field.cropCode: the EU record needs the crop's EPPO code"))
        #expect(!eu.stderr.contains("reason for the treatment"), "the EU Annex does not ask for the reason")
        let pl = try ReportGen.run(["validate", job, "--record", "pl", "--strict"])
        #expect(pl.status == 65 && pl.stderr.contains("error: \(job): $.field.cropArea: the Polish record needs the crop's area"))
        // The US check is the Worker Protection Standard's application information, cited as it
        // is in force (7 CFR Part 110 was rescinded in 2025); adjuvants are not asked for any of it.
        let usExample = ReportGen.repository.appendingPathComponent("docs/examples/fungicide-us.json").path
        let usComplete = try ReportGen.run(["validate", usExample, "--record", "us", "--strict"])
        #expect(usComplete.status == 0 && usComplete.stderr.isEmpty, "\(usComplete.stderr)")
        let bare = try folderless(#"{"version": 1, "date": "2026-07-02", "field": {"area": {"value": 80, "unit": "ac"}}, "sprayRate": {"value": 15, "unit": "gal/ac"}, "tank": {"capacity": {"value": 500, "unit": "gal"}}, "products": [{"name": "Headline", "rate": {"value": 6, "unit": "fl oz/ac"}}]}"#)
        let us = try ReportGen.run(["validate", bare.path, "--record", "us"])
        for missing in ["$.date: the US record needs the date and start time of the application (40 CFR 170.309(h))",
                        "$.endDate: the US record needs the end time", "$.products[0].authorisation: the US record needs the product's EPA registration number",
                        "$.products[0].activeIngredients: the US record needs the product's active ingredients",
                        "$.products[0].restrictedEntryHours: the US record needs the restricted-entry interval from the label"] {
            #expect(us.stderr.contains(missing), "\(missing) — \(us.stderr)")
        }
        #expect(!us.stderr.contains("7 CFR") && !us.stderr.contains("certification"))
        // A job with every field passes the Polish check.
        let complete = try ReportGen.run(["validate", ReportGen.repository.appendingPathComponent("docs/examples/record-pl.json").path, "--record", "pl", "--strict"])
        #expect(complete.status == 0 && complete.stderr.isEmpty, "\(complete.stderr)")
        // record checks the same and still writes the record.
        let folder = try ScratchFolder()
        let recorded = try ReportGen.run(["record", job, "--record-check", "eu", "--strict", "-o", folder.path("r.csv")])
        #expect(recorded.status == 65 && recorded.stderr.contains("error: "))
        #expect(FileManager.default.fileExists(atPath: folder.path("r.csv")))
        // batch warns the same, and still writes every report.
        let season = ReportGen.repository.appendingPathComponent("Tests/Batch/season.jsonl").path
        let batch = try ReportGen.run(["batch", season, "-o", folder.path("reports"), "--record-check", "eu"])
        #expect(batch.status == 0 && batch.stderr.contains("warning: entry 1 (line 1, id \"2026-spring-01\"): $.field.cropCode: the EU record needs"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("reports")).count == 3)
    }

    @Test func theSeasonRegisterIsALandscapePDFCarryingTheRecord() throws {
        let folder = try ScratchFolder()
        let season = try Self.season(in: folder)
        for locale in ["pl", "en"] {
            let pdf = folder.path("register-\(locale).pdf")
            let run = try ReportGen.run(["record", season, "-o", pdf, "--locale", locale])
            #expect(run.status == 0, "\(run.stderr)")
            let info = try ReportGen.run(program: "/usr/bin/env", ["pdfinfo", pdf]).stdout
            #expect(info.contains("841.89 x 595.276 pts"), "landscape A4: \(info)")
            let text = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", "-layout", pdf, "-"]).stdout
            #expect(text.contains(locale == "pl" ? "Ewidencja zabiegów ochrony roślin" : "Spray register"))
            #expect(text.contains(locale == "pl" ? "068812345" : "Jan Kowalski"), "the holding and operator in the page header")
            #expect(try PDFStandardCLITests.failures([pdf]) == "")
            let layout = try ReportGen.run(program: "/usr/bin/env", ["python3", ReportGen.repository.deletingLastPathComponent()
                .appendingPathComponent("shared/tools/pdf-layout-check.py").path, pdf])
            if FileManager.default.fileExists(atPath: ReportGen.repository.deletingLastPathComponent().appendingPathComponent("shared/tools").path) {
                #expect(layout.status == 0, "\(layout.stdout)")
            }
            // It carries the season's record, the same as record --format json writes it.
            let carried = try ReportGen.run(["extract", pdf, "--record"])
            #expect(carried.stdout == (try ReportGen.run(["record", season, "--format", "json"])).stdout)
        }
    }

    /// What zbarimg reads from the pages of `pdf` rendered at `dpi`: the code's bytes as they are
    /// (empty when no page has a code).
    static func decodeQR(_ pdf: String, dpi: Int, in folder: ScratchFolder) throws -> String {
        let name = URL(fileURLWithPath: pdf).deletingPathExtension().lastPathComponent + "-\(dpi)"
        #expect(try ReportGen.run(program: "/usr/bin/env", ["pdftoppm", "-png", "-r", "\(dpi)", pdf, folder.path(name)]).status == 0)
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(name + "-") && $0.hasSuffix(".png") }.sorted()
        for image in images {
            let scan = try ReportGen.run(program: "/usr/bin/env", ["zbarimg", "--quiet", "--raw", "-Sbinary", folder.path(image)])
            let text = scan.stdout.trimmingCharacters(in: .newlines)
            if !text.isEmpty { return text }
        }
        return ""
    }

    /// The compact record a code holds, as JSON.
    static func compact(_ scanned: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(scanned.utf8)) as? [String: Any] ?? [:]
    }

    /// The printed code, read back by zbar from 150 and 300 dpi renders, is the compact record
    /// (reportkit-qr/1): the same products, authorisations and doses as the record, Polish letters
    /// intact (the code declares UTF-8), and the first 16 digits of the SHA-256 of the record the
    /// PDF carries.
    @Test func thePrintedCodeScansToTheCompactRecord() throws {
        let folder = try ScratchFolder()
        let job = ReportGen.example("herbicide-pl.json")
        #expect(try ReportGen.run([job, "-o", folder.path("report.pdf")]).status == 0)
        let record = try JSONSerialization.jsonObject(with: Data(try ReportGen.run(["record", job, "--format", "json"]).stdout.utf8)) as? [String: Any]
        let lines = record?["lines"] as? [[String: Any]] ?? []
        let attached = try ReportGen.run(["extract", folder.path("report.pdf"), "--record", "-o", folder.path("record.json")])
        #expect(attached.status == 0)
        let hash = try toolOutput(["sha256sum", folder.path("record.json")]).prefix(16)
        for dpi in [150, 300] {
            let scanned = try Self.decodeQR(folder.path("report.pdf"), dpi: dpi, in: folder)
            let code = try Self.compact(scanned)
            #expect(code["v"] as? String == "reportkit-qr/1", "at \(dpi) dpi: \(scanned)")
            #expect(code["f"] as? String == "Działka 12")
            #expect(code["r"] as? String == "chwasty dwuliścienne")
            #expect((code["n"] as? String)?.contains("południem") == true)
            #expect(code["x"] as? String == String(hash))
            let products = code["p"] as? [[Any]] ?? []
            #expect(products.map { $0.first as? String ?? "" } == lines.map { $0["product"] as? String ?? "?" })
            #expect(products.map { $0[2] as? Double ?? -1 } == lines.map { ($0["dose"] as? [String: Any])?["value"] as? Double ?? -2 })
            #expect(products.map { $0[3] as? String ?? "" } == lines.map { ($0["dose"] as? [String: Any])?["unit"] as? String ?? "?" })
        }
    }

    /// A record too long for a code of 40 mm loses its free text first, then all but the legal
    /// record (then its parcels are counted, then its products named by number), and the page says
    /// which; a mix too large even for that has no code, and the page says the record is attached.
    @Test func aRecordTooLongForItsCodeLeavesOutWhatTheLawDoesNotAsk() throws {
        let folder = try ScratchFolder()
        var long = baseJobText()
        long = long.replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "operator": "Jan", "notes": "\#(String(repeating: "ąęśćżźółń ", count: 190))","#)
        let path = try folder.write(long, to: "long.json")
        #expect(try ReportGen.run([path, "-o", folder.path("long.pdf")]).status == 0)
        let code = try Self.compact(try Self.decodeQR(folder.path("long.pdf"), dpi: 150, in: folder))
        #expect(code["o"] as? String == "Jan" && code["n"] == nil && (code["p"] as? [[Any]])?.first?.first as? String == "Roundup 360 SL", "\(code)")
        let text = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path("long.pdf"), "-"]).stdout
        #expect(text.contains("leaves out"), "\(text)")
        // Every record field (docs/examples/record-pl.json): the code keeps the legal ones, the
        // free text and the totals go, and the page says the code holds only the legal record.
        let every = ReportGen.example("record-pl.json")
        #expect(try ReportGen.run([every, "-o", folder.path("every.pdf")]).status == 0)
        let lean = try Self.compact(try Self.decodeQR(folder.path("every.pdf"), dpi: 150, in: folder))
        #expect(lean["e"] as? String == "TRZAW" && lean["rc"] as? [String] == ["MATCH", "STEME"] && lean["l"] as? String == "PL-2024-01234", "\(lean)")
        #expect(lean["n"] == nil && lean["w"] == nil && lean["eq"] == nil)
        // The page's words as one line: pdftotext ends each printed line with a line break.
        func words(_ pdf: String) throws -> String {
            try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path(pdf), "-"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let everyText = try words("every.pdf")
        #expect(everyText.contains("Kod zawiera tylko pola wymagane"), "\(everyText)")
        // Twenty do not fit any code that scans, so there is none, and the page says where the record is.
        let twenty = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/pl-mix-twenty-products.json").path
        #expect(try ReportGen.run([twenty, "-o", folder.path("twenty.pdf")]).status == 0)
        let twentyText = try words("twenty.pdf")
        #expect(twentyText.contains("Ewidencja jest zbyt długa na kod na tej stronie. Pełna ewidencja jest załączona do tego PDF."), "\(twentyText)")
        #expect(!twentyText.contains("report-gen extract"), "a farmer is given no command")
        #expect(try Self.decodeQR(folder.path("twenty.pdf"), dpi: 150, in: folder).isEmpty)
    }

    /// A history with invalid entries gives a record and a register that say which applications
    /// they lack; the summary on standard error counts the same as the exit status.
    @Test func entriesLeftOutAreListedInTheRecordAndTheRegister() throws {
        let folder = try ScratchFolder()
        let history = BatchCLITests.history("mixed-bad.jsonl")
        let json = try ReportGen.run(["record", history, "-o", folder.path("season.json"), "--skip-invalid"])
        #expect(json.status == 65)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("season.json")))) as? [String: Any]
        let omitted = document?["omitted"] as? [[String: Any]] ?? []
        #expect(omitted.map { $0["entry"] as? Int ?? 0 } == [2, 3, 4], "\(omitted)")
        #expect(omitted.first { $0["entry"] as? Int == 3 }?["id"] as? String == "bad-rate")
        #expect(omitted.allSatisfy { !($0["reasons"] as? [String] ?? []).isEmpty && $0["line"] is Int })
        #expect(json.stderr.contains("2 of 5 entries recorded") && json.stderr.contains("3 invalid, left out and listed in the record"), "\(json.stderr)")
        // Without --skip-invalid the CSV (which has nowhere to list them) is not written at all.
        let csv = try ReportGen.run(["record", history, "-o", folder.path("season.csv")])
        #expect(csv.status == 65 && !FileManager.default.fileExists(atPath: folder.path("season.csv")))
        // The register says so on its first page.
        #expect(try ReportGen.run(["record", history, "-o", folder.path("register.pdf"), "--skip-invalid", "--locale", "en"]).status == 65)
        let text = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path("register.pdf"), "-"]).stdout
        #expect(text.contains("Not in this register") && text.contains("Entry 3 (id \"bad-rate\")"), "\(text.prefix(600))")
        // validate's summary counts what its exit status says: under --strict the jobs a record
        // check finds lacking are not valid (it once said "2 of 5 jobs valid" and exited 65 for them).
        let validate = try ReportGen.run(["validate", history, "--record", "pl", "--strict"])
        #expect(validate.status == 65 && validate.stdout.contains("0 of 5 jobs valid; 2 lack what the pl record asks for (errors: --strict)"),
                "\(validate.stdout)")
        #expect(!validate.stdout.contains(": valid ") && validate.stdout.components(separatedBy: "incomplete (--strict)").count == 3, "\(validate.stdout)")
        let lenient = try ReportGen.run(["validate", history, "--record", "pl"])
        #expect(lenient.stdout.contains("2 of 5 jobs valid, 2 of them lacking what the pl record asks for"), "\(lenient.stdout)")
    }

    /// Several files make one season: one record, its register in date order, the entries left
    /// out named with their file.
    @Test func severalFilesMakeOneSeason() throws {
        let folder = try ScratchFolder()
        let lines = try String(contentsOfFile: try Self.season(in: folder), encoding: .utf8).split(separator: "\n").map(String.init)
        // The July job first, the April and May ones in a second file, with a bad entry.
        let july = try folder.write(lines[2] + "\n", to: "july.jsonl")
        let spring = try folder.write(lines[0] + "\n" + lines[1] + "\n{\"version\": 1}\n", to: "spring.jsonl")
        let run = try ReportGen.run(["record", july, spring, "-o", folder.path("season.json"), "--skip-invalid"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("spring.jsonl entry 3"), "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("season.json")))) as? [String: Any]
        let jobs = (document?["lines"] as? [[String: Any]] ?? []).compactMap { $0["jobId"] as? String }
        #expect(jobs == ["j3", "j1", "j1", "j1", "j2", "j2"], "read in turn: \(jobs)")
        let omitted = document?["omitted"] as? [[String: Any]] ?? []
        #expect(omitted.count == 1 && (omitted.first?["source"] as? String ?? "").hasSuffix("spring.jsonl") && omitted.first?["entry"] as? Int == 3)
        // The register sorts them by date: April, May, then July.
        #expect(try ReportGen.run(["record", july, spring, "-o", folder.path("season.pdf"), "--skip-invalid", "--locale", "en"]).status == 65)
        let text = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", "-layout", folder.path("season.pdf"), "-"]).stdout
            .replacingOccurrences(of: "\u{A0}", with: " ")
        // A time may wrap under its date in the register's column; the date ends with a comma.
        let april = text.range(of: "14 April 2026,"), may = text.range(of: "6 May 2026 "), julyDate = text.range(of: "2 July 2026,")
        #expect(april != nil && may != nil && julyDate != nil)
        if let april, let may, let julyDate { #expect(april.lowerBound < may.lowerBound && may.lowerBound < julyDate.lowerBound) }
    }

    /// A printed page names its record: the report's footer prints the start of the SHA-256 of
    /// the record it carries, and its metadata the whole; they are the hash of `record --format json`.
    @Test func aReportPrintsTheSHA256OfItsRecord() throws {
        let folder = try ScratchFolder()
        let job = ReportGen.repository.appendingPathComponent("docs/examples/herbicide-pl.json").path
        #expect(try ReportGen.run([job, "-o", folder.path("report.pdf")]).status == 0)
        let record = try ReportGen.run(["record", job, "--format", "json"])
        let path = try folder.write(record.stdout, to: "record.json")
        let sum = try ReportGen.run(program: "/usr/bin/env", ["sha256sum", path]).stdout.prefix(64)
        #expect(sum.count == 64)
        let short = stride(from: 0, to: 16, by: 4).map { String(sum.dropFirst($0).prefix(4)) }.joined(separator: " ")
        let text = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path("report.pdf"), "-"]).stdout
        #expect(text.contains("SHA-256 \(short)"), "\(short) not on the page")
        let info = try ReportGen.run(program: "/usr/bin/env", ["pdfinfo", folder.path("report.pdf")]).stdout
        #expect(info.contains("record.json SHA-256 \(sum)"), "\(info)")
        // The register carries and names its own record the same way.
        #expect(try ReportGen.run(["record", job, "-o", folder.path("register.pdf")]).status == 0)
        #expect(try ReportGen.run(["extract", folder.path("register.pdf"), "--record", "-o", folder.path("register-record.json")]).status == 0)
        let registerSum = try ReportGen.run(program: "/usr/bin/env", ["sha256sum", folder.path("register-record.json")]).stdout.prefix(64)
        let registerInfo = try ReportGen.run(program: "/usr/bin/env", ["pdfinfo", folder.path("register.pdf")]).stdout
        #expect(registerInfo.contains("record.json SHA-256 \(registerSum)"), "\(registerInfo)")
    }

    /// A job written to a scratch file that lives as long as the returned folder.
    private func folderless(_ text: String) throws -> (path: String, folder: ScratchFolder) {
        let folder = try ScratchFolder()
        return (try folder.write(text, to: "job.json"), folder)
    }

    private func baseJobText() -> String {
        #"{"version": 1, "field": {"name": "Działka 12", "area": {"value": 12.5, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}, "authorisation": "R-12/2019"}]}"#
    }
}
