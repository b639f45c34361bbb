import Testing
@testable import ReportKit

@Suite("Reading jobs: every refusal names the field")
struct JobDecoderTests {
    @Test func readsTheDocumentedExample() throws {
        let job = try decode(baseJob()).get().job
        #expect(job.field.name == "Działka 12")
        #expect(job.field.area == Quantity(12.5, .hectare))
        #expect(job.tank.loading == .fullThenPartial && job.waterRule == .fillToVolume && job.locale == .english)
        #expect(job.products.first?.form == .liquid)
    }

    @Test func keepsTheLocalTimeOffsetOfTheDate() throws {
        let job = try decode(setting(baseJob(), ["date"], to: "2026-04-14T07:30:00+02:00")).get().job
        #expect(job.date?.utcOffsetSeconds == 7_200)
        #expect(job.date?.instant.timeIntervalSince1970 == 1_776_144_600)
        let dateOnly = try decode(setting(baseJob(), ["date"], to: "2026-04-14")).get().job
        #expect(dateOnly.date?.hasTime == false)
    }

    @Test(arguments: [
        ("field.area", nil, "$.field.area: missing required field"),
        ("field.area.value", "0", "$.field.area.value: must be greater than 0, got 0"),
        ("sprayRate.value", "-200", "$.sprayRate.value: must be greater than 0, got -200"),
        ("tank.capacity.value", #""NaN""#, "$.tank.capacity.value: \"NaN\" is not a finite number"),
        ("tank.capacity.value", #""-Infinity""#, "$.tank.capacity.value: \"-Infinity\" is not a finite number"),
        ("tank.capacity.value", #""1000""#, "$.tank.capacity.value: expected a number, found the string \"1000\""),
        ("tank.capacity.value", "true", "$.tank.capacity.value: expected a number, found a boolean"),
        ("products.0.rate.unit", #""L/h""#, "$.products[0].rate.unit: unknown product rate unit \"L/h\""),
        ("products.0.rate.unit", #""l/ha""#, "did you mean \"L/ha\"?"),
        ("tank.capacity.unit", #""L/ha""#, "$.tank.capacity.unit: \"L/ha\" is a product rate unit, not a tank volume unit"),
        ("sprayRate.unit", #""kg/ha""#, "$.sprayRate.unit: \"kg/ha\" is a product rate unit, not a spray volume unit"),
        ("field.area.unit", #""gal""#, "$.field.area.unit: \"gal\" is a tank volume unit, not an area unit"),
        ("field.area.unit", "5", "$.field.area.unit: expected the area unit as a string, found a number"),
        ("products", "[]", "$.products: the product list is empty"),
        ("products", #"{"name": "x"}"#, "$.products: expected an array, found an object"),
        ("products.0.rate", nil, "$.products[0].rate: missing required field"),
        ("products.0.name", #""""#, "$.products[0].name: must not be empty"),
        ("products.0.name", #""Roundup\u0007""#, "$.products[0].name: contains the control character U+0007"),
        ("field.name", "\"" + String(repeating: "ż", count: 201) + "\"", "$.field.name: is longer than 200 characters"),
        ("field.area.value", "1000000", "$.field.area.value: 1000000 ha is more than the largest field area accepted (100000 ha)"),
        ("sprayRate.value", "20000", "$.sprayRate.value: 20000 L/ha is outside the spray volume accepted: 0.1 to 10000 L/ha"),
        ("tank.capacity.value", "0.5", "$.tank.capacity.value: 0.5 L is outside the tank capacity accepted: 1 to 100000 L"),
        ("products.0.rate.value", "5000", "$.products[0].rate.value: 5000 L/ha is more than the largest product rate accepted"),
        ("version", "2", "$.version: unsupported version 2; this report-gen reads version 1"),
        ("locale", #""fr""#, "$.locale: unknown value \"fr\"; expected \"en\", \"pl\" or \"de\""),
        ("tank.loads", #""half""#, "$.tank.loads: unknown value \"half\"; expected \"fullThenPartial\" or \"equal\""),
        ("water", #""topUp""#, "$.water: unknown value \"topUp\"; expected \"fillToVolume\" or \"addToCarrier\""),
        ("date", #""14.04.2026""#, "$.date: \"14.04.2026\" is not a date"),
        ("date", #""2026-02-30""#, "$.date: \"2026-02-30\" is not a date"),
        ("operatr", #""Jan""#, "$.operatr: unknown field \"operatr\"; did you mean \"operator\"?"),
        ("field.areaa", "1", "$.field.areaa: unknown field \"areaa\"; did you mean \"area\"?"),
        ("notes", #""line\u0000""#, "$.notes: contains the control character U+0000"),
        // What XML cannot carry is refused in every format alike (the workbook and task data were
        // malformed, exit 0).
        ("holding", #""0688\uFFFE12345""#, "$.holding: contains the noncharacter U+FFFE"),
        ("field.name", #""Pole\uFFFF""#, "$.field.name: contains the noncharacter U+FFFF"),
        ("products.0.name", #""Roundup\uFDD0""#, "$.products[0].name: contains the noncharacter U+FDD0"),
    ] as [(String, String?, String)])
    func refusesWithAMessageNamingTheField(path: String, json: String?, expected: String) {
        let lines = errorLines(decode(setting(baseJob(), path, json: json)))
        #expect(lines.contains { $0.contains(expected) }, "got: \(lines)")
    }

    @Test func aAcreFieldIsMeasuredAgainstTheLimitInAcres() {
        let job = setting(setting(baseJob(), ["field", "area", "unit"], to: "ac"), ["field", "area", "value"], to: 300_000)
        let lines = errorLines(decode(job))
        #expect(lines.contains { $0.contains("300000 ac is more than the largest field area accepted (247105 ac)") }, "\(lines)")
    }

    @Test func reportsEveryProblemOfAFileAtOnce() {
        var job = setting(baseJob(), ["sprayRate", "value"], to: -1)
        job = setting(job, ["tank", "capacity", "unit"], to: "litres")
        job = setting(job, ["colour"], to: "green")
        let lines = errorLines(decode(job))
        #expect(lines.count == 3, "\(lines)")
    }

    @Test func refusesMoreThanTwentyProducts() {
        let products = (0..<21).map { ["name": "P\($0)", "rate": ["value": 0.1, "unit": "L/ha"]] }
        let lines = errorLines(decode(setting(baseJob(), ["products"], to: products)))
        #expect(lines == ["$.products: has 21 products; at most 20 are allowed in one tank mix"])
    }

    @Test func refusesHugeExponentsAndSyntaxErrorsWithLineAndColumn() {
        let huge = errorLines(decode(text: #"{"version": 1, "field": {"area": {"value": 1e999, "unit": "ha"}}}"#))
        #expect(huge.contains { $0.hasPrefix("$.field.area.value: 1e999 is too large") }, "\(huge)")
        let broken = errorLines(decode(text: "{\n  \"version\": 1,\n  \"field\": {\"area\": 5 \"x\"}\n}"))
        #expect(broken == ["$.field: invalid JSON at line 3, column 23: unexpected '\"'; expected ',' or '}' after a member"])
    }

    @Test func aFileWithAHistoryIsNotOneJob() {
        let lines = errorLines(decode(text: "[" + String(decoding: bytes(baseJob()), as: UTF8.self) + "]"))
        #expect(lines == ["$: this is a history of 1 job(s); expected one job. Use `report-gen batch` for a history"])
    }

    @Test func anObjectOfNeitherFormatIsNamedAsSuch() {
        #expect(errorLines(decode(text: #"{"area": 5}"#)).first?.contains("$: not a spray job") == true)
        #expect(errorLines(decode(text: "42")).first == "$: expected a spray job (an object) or a history (an array), found a number")
    }

    @Test func warnsAboutTheSameProductTwice() throws {
        let products = [["name": "Roundup", "rate": ["value": 1, "unit": "L/ha"]],
                        ["name": " roundup ", "rate": ["value": 1, "unit": "L/ha"]]]
        let decoded = try decode(setting(baseJob(), ["products"], to: products)).get()
        #expect(decoded.warnings.map(\.description) == [
            "$.products[1]: \" roundup \" is also product 1 of the mix; check that it is meant to be added twice",
        ])
    }

    @Test func keepsNamesExactlyAsGiven() throws {
        let name = "  Środek <b>&amp; ‏שלום‎ 🌾 "
        let job = try decode(setting(baseJob(), ["products", 0, "name"], to: name)).get().job
        #expect(job.products[0].name == name)
    }
}

@Suite("Reading the app's own history format")
struct AppFormatTests {
    private let entry: [String: Any] = [
        "id": "6F1C2B7A-3D4E-4F50-9A8B-1C2D3E4F5A6B", "date": 797_846_400, "fieldArea": 15, "areaUnit": "ha",
        "sprayRate": 150, "chemicalRate": 15, "tankCapacity": 800,
    ]

    @Test func mapsAnEntryToAJob() throws {
        let job = try decode(entry).get().job
        #expect(job.source == .app && job.id == "6F1C2B7A-3D4E-4F50-9A8B-1C2D3E4F5A6B")
        #expect(job.field.area == Quantity(15, .hectare))
        #expect(job.products == [Product(name: nil, rate: Quantity(15, .litresPerHectare))])
        // 797,846,400 s after 2001-01-01T00:00:00Z is 2026-04-14T08:00:00Z.
        #expect(job.date?.instant.timeIntervalSince1970 == 1_776_153_600)
    }

    @Test(arguments: [("ar", AreaUnit.are), ("m²", .squareMetre), ("ha", .hectare)])
    func readsTheAppsAreaUnits(name: String, unit: AreaUnit) throws {
        let job = try decode(entry.merging(["areaUnit": name]) { $1 }).get().job
        #expect(job.field.area.unit == unit)
    }

    @Test(arguments: [
        ("chemicalRate", "-15", "$.chemicalRate: must be greater than 0, got -15"),
        ("areaUnit", #""acre""#, "$.areaUnit: unknown area unit \"acre\"; expected \"ha\", \"ar\" or \"m²\""),
        ("tankCapacity", #""800""#, "$.tankCapacity: expected a number, found the string \"800\""),
        ("date", "1e12", "$.date: 1000000000000 seconds since 2001-01-01 is not a date between 1970 and 2100"),
        ("sprayRate", "50000", "$.sprayRate.value: 50000 L/ha is outside the spray volume accepted"),
    ])
    func refusesBadEntriesNamingTheField(key: String, json: String, expected: String) {
        let lines = errorLines(decode(setting(entry, key, json: json)))
        #expect(lines.contains { $0.contains(expected) }, "got: \(lines)")
    }

    @Test func missingFieldsAreNamed() {
        var incomplete = entry
        incomplete["tankCapacity"] = nil
        #expect(errorLines(decode(incomplete)) == ["$.tankCapacity: missing required field; expected the tank capacity in L"])
    }

    @Test func aFieldFromANewerAppVersionIsAWarningNotAnError() throws {
        let decoded = try decode(entry.merging(["cropName": "wheat"]) { $1 }).get()
        #expect(decoded.warnings.first?.description.hasPrefix("$.cropName: unknown field \"cropName\"") == true)
    }

    @Test func readsAHistoryKeepingBadEntriesApart() throws {
        let history: [Any] = [entry, entry.merging(["fieldArea": 0]) { $1 }, ["version": 1]]
        guard case .history(let entries) = try JobDecoder.decodeDocument(bytes(history)) else {
            Issue.record("not read as a history"); return
        }
        #expect(entries.count == 3)
        #expect((try? entries[0].result.get()) != nil)
        #expect(entries[1].id == "6F1C2B7A-3D4E-4F50-9A8B-1C2D3E4F5A6B")
        if case .failure(let error) = entries[1].result {
            #expect(error.diagnostics.first?.description == "$[1].fieldArea: must be greater than 0, got 0")
        } else {
            Issue.record("a zero area was accepted")
        }
        if case .failure(let error) = entries[2].result {
            #expect(error.diagnostics.contains { $0.description.hasPrefix("$[2].field: missing required field") })
        } else {
            Issue.record("an incomplete v1 job was accepted")
        }
    }
}
