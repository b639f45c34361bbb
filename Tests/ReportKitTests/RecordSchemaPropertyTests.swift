import Foundation
import Testing
import CLITestSupport
@testable import ReportKit

/// Every value written into the record satisfies its published schema, for every job the
/// validator accepts: random valid jobs across the whole accepted range, their edges included
/// (1 m² and 100,000 ha in every area unit, spray volumes and tanks at both ends, every product
/// unit, years 1 to 9999 at offsets from −14 to +14 hours, ends on the next day in another offset),
/// written as the JSON record and checked by Python's jsonschema, with no non-finite number.
@Suite("The record against its schema, for every valid job")
struct RecordSchemaPropertyTests {
    /// A small deterministic generator (SplitMix64), so a failure repeats.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        /// Log-uniform in `range`, and exactly one of its ends one time in eight.
        mutating func magnitude(_ range: ClosedRange<Double>) -> Double {
            switch int(0...7) {
            case 0: return range.lowerBound
            case 1: return range.upperBound
            default: return exp(log(range.lowerBound) + unit() * (log(range.upperBound) - log(range.lowerBound)))
            }
        }
        mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
    }

    static func date(_ random: inout Random, after start: JobDate? = nil) -> JobDate {
        let offset = random.int(-56...56) * 15 * 60
        if let start {
            return JobDate(instant: start.instant.addingTimeInterval(Double(random.int(0...(48 * 60))) * 60), utcOffsetSeconds: offset)
        }
        // Years 1 to 9999, the ends among them; a day's margin keeps any offset inside them.
        let year = random.pick([1, 9999, random.int(1...9999), random.int(1990...2030)])
        let days = Double(year - 1970) * 365.2425 + Double(random.int(2...360))
        return JobDate(instant: Date(timeIntervalSince1970: days * 86_400 + Double(random.int(0...86_399))),
                       utcOffsetSeconds: offset, hasTime: random.int(0...5) > 0)
    }

    /// A random job, or nil when the draw is not one the validator accepts (too many loads, a
    /// mix that overflows its load): those are refused, not recorded.
    static func job(_ random: inout Random) -> SprayJob? {
        let areaUnit = random.pick(AreaUnit.allCases)
        let hectares = random.magnitude(JobLimits.minimumAreaHectares...JobLimits.maximumAreaHectares)
        let rateUnit = random.pick(SprayRateUnit.allCases)
        let sprayRate = random.magnitude(JobLimits.sprayRateLitresPerHectare)
        let tankUnit = random.pick(TankUnit.allCases)
        let capacity = random.magnitude(JobLimits.tankCapacityLitres)
        let products = (0..<random.int(1...JobLimits.maximumProducts)).map { index -> Product in
            let unit = random.pick(ProductRateUnit.allCases)
            let limit = unit.basis == .perArea ? JobLimits.maximumPerAreaRate : JobLimits.maximumConcentration
            let perUnit = random.magnitude((limit * 1e-9)...limit)
            return Product(name: "Produkt \(index)", rate: Quantity(perUnit / unit.toInternal, unit), authorisation: "R-\(index)/2020",
                           kind: random.pick(ProductKind.allCases))
        }
        let start = date(&random)
        let end = start.hasTime && random.int(0...1) == 1 ? date(&random, after: start) : nil
        let cropArea = random.int(0...2) == 0 ? min(JobLimits.maximumAreaHectares, hectares * random.magnitude(1...1_000)) : nil
        let from = random.int(0...99), to = min(99, from + random.int(0...20))
        // Half the time, two parcels with the areas treated on them (adding up to the field's).
        let share = random.unit()
        let parcels = random.int(0...1) == 0 ? [Parcel(label: "A", cadastral: ["0212/3"])] : [
            Parcel(label: "A", cadastral: ["0212/3", "0212/4"], area: Quantity(hectares * share / areaUnit.toInternal, areaUnit)),
            Parcel(label: nil, cadastral: ["0213/1"], area: Quantity(hectares * (1 - share) / areaUnit.toInternal, areaUnit)),
            // A German parcel by its FLIK, and a place with no IACS reference by its point.
            Parcel(label: nil, flik: "DEBBLI0260100301"),
            Parcel(label: nil, latitude: random.unit() * 180 - 90, longitude: random.unit() * 360 - 180),
        ]
        var record = ApplicationRecord(operatorName: "Jan", targetCodes: ["ALOMY"], bbch: BBCHStage(from, to: to))
        if (end ?? start).hasTime, random.int(0...1) == 0 { record.recordedAt = date(&random, after: end ?? start) }
        let job = SprayJob(
            id: "job-\(random.next() % 100_000)", date: start, field: Field(
                name: "Pole", crop: "pszenica", area: Quantity(hectares / areaUnit.toInternal, areaUnit), cropCode: "TRZAW",
                cropArea: cropArea.map { Quantity($0 / areaUnit.toInternal, areaUnit) },
                parcels: parcels),
            sprayRate: Quantity(sprayRate / rateUnit.toInternal, rateUnit),
            tank: Tank(capacity: Quantity(capacity / tankUnit.toInternal, tankUnit), loading: random.pick([.fullThenPartial, .equal])),
            waterRule: random.pick([.fillToVolume, .addToCarrier]), products: products,
            record: record, endDate: end)
        guard (try? JobValidator.validate(job)) != nil else { return nil }
        return job
    }

    @Test func everyValidJobsRecordMatchesTheSchema() throws {
        var random = Random(state: 20_261_125)
        var lines: [RecordLine] = []
        var jobs = 0
        var draws = 0
        let wanted = TestRun.cases(400)
        while jobs < wanted, draws < 20_000 {
            draws += 1
            guard let job = Self.job(&random), let plan = try? SprayCalculator.plan(for: job) else { continue }
            jobs += 1
            let recorded = RecordLine.lines(of: plan)
            #expect(recorded.allSatisfy { $0.treatedArea > 0 && $0.treatedArea.isFinite }, "job \(jobs): \(recorded.first.map(String.init(describing:)) ?? "")")
            lines += recorded
        }
        #expect(jobs == wanted, "\(wanted) valid jobs drawn (\(draws) draws)")

        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("record.json")
        try Data(RecordFormat.json.document(lines).utf8).write(to: document)
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/record-v3.schema.json").path
        // JSON itself has no infinity or NaN; Python's reader would take them, so it is told not to.
        let script = """
            import json, sys, jsonschema
            def refuse(name): raise ValueError("not JSON: " + name)
            record = json.load(open(sys.argv[2]), parse_constant=refuse)
            validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
            errors = sorted(validator.iter_errors(record), key=lambda e: list(e.absolute_path))
            for error in errors[:5]: print(list(error.absolute_path), error.message[:200])
            print(len(record["lines"]), "lines,", len(errors), "errors")
            sys.exit(1 if errors else 0)
            """
        let result = try Tool.run(["python3", "-c", script, schema, document.path])
        #expect(result.status == 0, "\(result.text)")
        #expect(result.text.contains("\(lines.count) lines, 0 errors"), "\(result.text)")
    }
}
