import CLITestSupport
import Foundation
import Testing

/// Runs the built `report-gen` as a user would and checks what it prints and how it exits.
@Suite("report-gen plan")
struct PlanCLITests {
    @Test func printsTheAppExampleAsTheAppShowsIt() throws {
        let run = try ReportGen.run(["plan", ReportGen.example("app/entry.json")])
        #expect(run.status == 0)
        #expect(run.stdout.contains("3 loads: 2 full + 1 partial"))
        #expect(run.stdout.contains("Load 3/3 (partial) · 4.34\u{A0}ha"))
        #expect(run.stdout.contains("585\u{A0}L"))
        #expect(run.stderr.isEmpty)
    }

    @Test func printsJSONWithDisplayStringsInTheJobsLanguage() throws {
        let run = try ReportGen.run(["plan", "--json", ReportGen.example("herbicide-pl.json")])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let totals = object?["totals"] as? [String: Any]
        let liquid = totals?["sprayLiquid"] as? [String: Any]
        #expect(liquid?["value"] as? Double == 2_500)
        #expect(liquid?["unit"] as? String == "L")
        #expect(liquid?["display"] as? String == "2\u{A0}500\u{A0}l")
        #expect((object?["loads"] as? [Any])?.count == 3)
    }

    @Test func readsStandardInputAndHonoursLocale() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: ReportGen.example("app/entry.json")))
        let run = try ReportGen.run(["plan", "--locale", "pl", "-"], stdin: input)
        #expect(run.status == 0)
        #expect(run.stdout.contains("3 napełnienia (2 pełne + 1 niepełne)"))
        #expect(run.stdout.contains("2\u{A0}250\u{A0}l"))
    }

    @Test func badDataExits65WithThePathOfEachProblem() throws {
        let input = Data(#"{"version": 1, "field": {"area": {"value": -2, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "l/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": []}"#.utf8)
        let run = try ReportGen.run(["plan", "-"], stdin: input)
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("error: $.field.area.value: must be greater than 0, got -2"))
        #expect(lines.contains { $0.hasPrefix("error: $.sprayRate.unit: unknown spray volume unit \"l/ha\"; did you mean \"L/ha\"?") })
        #expect(lines.contains("error: $.products: the product list is empty; a spray job needs at least one product with a rate"))
    }

    @Test func syntaxErrorsGiveLineAndColumn() throws {
        let run = try ReportGen.run(["plan", "-"], stdin: Data("{\n  \"version\": 1,\n  oops\n}".utf8))
        #expect(run.status == 65)
        #expect(run.stderr == "error: $: invalid JSON at line 3, column 3: unexpected 'o'; expected a member name in double quotes\n")
    }

    @Test func unreadableInputExits66() throws {
        let missing = try ReportGen.run(["plan", "/nonexistent/job.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: /nonexistent/job.json: no such file\n")
        let directory = try ReportGen.run(["plan", NSTemporaryDirectory()])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("is a directory"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try ReportGen.run(["plan"]).status == 64)
        #expect(try ReportGen.run(["plan", "--locale", "fr", "x.json"]).status == 64)
    }

    @Test func warningsGoToStandardErrorAndTheExitStatusStaysZero() throws {
        let input = Data(#"{"version": 1, "field": {"area": {"value": 10.2, "unit": "ha"}}, "sprayRate": {"value": 100, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "products": [{"name": "P", "rate": {"value": 1, "unit": "L/ha"}}]}"#.utf8)
        let run = try ReportGen.run(["plan", "-"], stdin: input)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("warning: $.tank.capacity: the last load is only 20 L"))
    }
}

/// Finds and runs the `report-gen` that `swift test` built next to the test bundle.
