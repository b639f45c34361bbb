import CLITestSupport
import Foundation
import Testing

/// The table "Every output, command by command" of docs/hardening.md, tried row by row for
/// real: each output a command writes follows the policy the table gives it.
@Suite("The output policy, every command", .enabled(if: TestRun.isFull, TestRun.slow))
struct OutputPolicyTableTests {
    /// How a row's output is named, and what the policy promises.
    enum Policy: Sendable {
        /// Named by `-o` (or `--combined`): never an input, left as it was by a failed run,
        /// replaced whole by a good one (only with `--overwrite` when `onlyWithOverwrite`).
        case user(onlyWithOverwrite: Bool)
        /// Named from data inside the folder given: a planted link never followed, a file there
        /// kept without `--overwrite` (replaced with it, when the command has it).
        case data(overwrites: Bool)
    }

    /// One row: its policy, the arguments that write the output to `path` from good input
    /// (`good`) or input that is refused (`bad`), and the input a user-named output may not be.
    struct Scenario: Sendable {
        let policy: Policy
        let arguments: @Sendable (_ inputs: Inputs, _ path: String, _ good: Bool) -> [String]
        /// The file an output naming an input would destroy, for user-named rows.
        let input: @Sendable (Inputs) -> String
    }

    /// The inputs every scenario draws on, made once per test.
    struct Inputs: Sendable {
        let job, twoPageJob, history, report, broken: String

        init(_ folder: ScratchFolder) throws {
            job = try folder.copy(ReportGen.example("herbicide-pl.json"), as: "job.json")
            twoPageJob = try folder.copy(ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/pl-long-title.json").path, as: "long.json")
            history = try folder.copy(ReportGen.example("app/history.json"), as: "history.json")
            broken = try folder.write("{\"version\": 1,", to: "broken.json")
            report = folder.path("report.pdf")
            let made = try ReportGen.run([job, "-o", report])
            #expect(made.status == 0, "\(made.stderr)")
        }
    }

    /// Every row of the table, by its command and output cells as written there.
    static let scenarios: [String: Scenario] = [
        "`render` | `-o FILE.pdf`": Scenario(policy: .user(onlyWithOverwrite: false),
                                              arguments: { inputs, path, good in [good ? inputs.job : inputs.broken, "-o", path] }, input: \.job),
        "`render` | `-o NAME.png`'s pages, `NAME-1.png`, `NAME-2.png`…": Scenario(policy: .data(overwrites: true),
                                              arguments: { inputs, path, _ in [inputs.twoPageJob, "-o", path + "/page.png"] }, input: \.job),
        "`batch` | `-o FOLDER`'s reports": Scenario(policy: .data(overwrites: true),
                                              arguments: { inputs, path, _ in ["batch", inputs.history, "-o", path] }, input: \.history),
        "`batch` | `--combined FILE.pdf`": Scenario(policy: .user(onlyWithOverwrite: true),
                                              arguments: { inputs, path, good in ["batch", good ? inputs.history : inputs.broken, "--combined", path] }, input: \.history),
        "`record` | `-o FILE.csv` (`.json`, `.pdf`, `.xlsx` alike)": Scenario(policy: .user(onlyWithOverwrite: false),
                                              arguments: { inputs, path, good in ["record", good ? inputs.job : inputs.broken, "-o", path + ".csv"] }, input: \.job),
        "`record` | `-o FILE.xlsx`": Scenario(policy: .user(onlyWithOverwrite: false),
                                              arguments: { inputs, path, good in ["record", good ? inputs.job : inputs.broken, "-o", path + ".xlsx"] }, input: \.job),
        "`extract` | `-o FILE.json`": Scenario(policy: .user(onlyWithOverwrite: false),
                                              arguments: { inputs, path, good in ["extract", good ? inputs.report : inputs.broken, "-o", path + ".json"] }, input: \.report),
        "`extract --all` | `-o FOLDER`'s files": Scenario(policy: .data(overwrites: true),
                                              arguments: { inputs, path, _ in ["extract", inputs.report, "--all", "-o", path] }, input: \.report),
        "`isoxml` | `-o FOLDER`'s `TASKDATA/TASKDATA.XML`": Scenario(policy: .data(overwrites: true),
                                              arguments: { inputs, path, _ in ["isoxml", inputs.job, "-o", path] }, input: \.job),
        "`templates --export` | `DIR`'s files": Scenario(policy: .data(overwrites: false),
                                              arguments: { _, path, _ in ["templates", "--export", path] }, input: \.job),
    ]

    /// The rows of the table in docs/hardening.md, as "command | output".
    static let documentedRows: [String] = {
        let text = (try? String(contentsOf: ReportGen.repository.appendingPathComponent("docs/hardening.md"), encoding: .utf8)) ?? ""
        guard let start = text.range(of: "### Every output, command by command") else { return [] }
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("| command") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        return table.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().prefix(2)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | ")
        }
    }()

    @Test func everyRowHasAScenarioAndEveryScenarioARow() {
        #expect(Self.documentedRows.count >= 10)
        #expect(Set(Self.documentedRows) == Set(Self.scenarios.keys),
                "in the docs only: \(Set(Self.documentedRows).subtracting(Self.scenarios.keys)); tested only: \(Set(Self.scenarios.keys).subtracting(Self.documentedRows))")
    }

    @Test(arguments: documentedRows)
    func theRowHolds(_ row: String) throws {
        let scenario = try #require(Self.scenarios[row], "no scenario for \(row)")
        let folder = try ScratchFolder()
        let inputs = try Inputs(folder)
        switch scenario.policy {
        case .user(let onlyWithOverwrite): try userNamed(scenario, inputs, folder, onlyWithOverwrite: onlyWithOverwrite, row: row)
        case .data(let overwrites): try dataNamed(scenario, inputs, folder, overwrites: overwrites, row: row)
        }
    }

    private func userNamed(_ scenario: Scenario, _ inputs: Inputs, _ folder: ScratchFolder, onlyWithOverwrite: Bool, row: String) throws {
        // Never one of the run's inputs.
        let input = scenario.input(inputs)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        var collide = scenario.arguments(inputs, folder.path("unused"), true)
        collide[collide.count - 1] = input
        let refused = try ReportGen.run(collide + (onlyWithOverwrite ? ["--overwrite"] : []), in: folder.url)
        #expect(refused.status == 64, "\(row): \(refused.status) \(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "\(row): the input was changed")

        // A good run makes it; a failed run leaves it as it was; a good run replaces it whole.
        let base = folder.path("out")
        let first = try ReportGen.run(scenario.arguments(inputs, base, true), in: folder.url)
        #expect(first.status == 0, "\(row): \(first.stderr)")
        let path = try #require(folder.files.first { $0.hasPrefix("out") }.map(folder.path), "\(row): nothing written")
        try Data("OLD".utf8).write(to: URL(fileURLWithPath: path))
        let failed = try ReportGen.run(scenario.arguments(inputs, base, false) + (onlyWithOverwrite ? ["--overwrite"] : []), in: folder.url)
        #expect(failed.status != 0, "\(row): the bad input was accepted")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "OLD", "\(row): a failed run changed \(path)")
        if onlyWithOverwrite {
            let kept = try ReportGen.run(scenario.arguments(inputs, base, true), in: folder.url)
            let still = try String(contentsOfFile: path, encoding: .utf8)
            #expect(kept.status == 73 && still == "OLD", "\(row): replaced without --overwrite")
        }
        let replaced = try ReportGen.run(scenario.arguments(inputs, base, true) + (onlyWithOverwrite ? ["--overwrite"] : []), in: folder.url)
        #expect(replaced.status == 0, "\(row): \(replaced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 3, "\(row): not replaced")
        #expect(folder.files.allSatisfy { !$0.hasPrefix(".") }, "\(row): a temporary file was left: \(folder.files)")
    }

    private func dataNamed(_ scenario: Scenario, _ inputs: Inputs, _ folder: ScratchFolder, overwrites: Bool, row: String) throws {
        // The names the command makes, from a first run into an empty folder.
        for name in ["first", "linked", "taken"] { try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true) }
        let first = try ReportGen.run(scenario.arguments(inputs, folder.path("first"), true), in: folder.url)
        #expect(first.status == 0, "\(row): \(first.stderr)")
        let names = try Self.files(under: folder.path("first"))
        let name = try #require(names.first, "\(row): nothing written")
        let outside = try folder.write("OUTSIDE", to: "outside.txt")

        // A link planted under the name is never followed, with --overwrite or without.
        let linked = folder.path("linked")
        try FileManager.default.createDirectory(atPath: (linked + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked + "/" + name, withDestinationPath: outside)
        for extra in overwrites ? [[], ["--overwrite"]] : [[]] {
            _ = try ReportGen.run(scenario.arguments(inputs, linked, true) + extra, in: folder.url)
            #expect(try String(contentsOfFile: outside, encoding: .utf8) == "OUTSIDE", "\(row) \(extra): written through a planted link")
        }

        // A file there is kept without --overwrite, and replaced with it.
        let taken = folder.path("taken")
        try FileManager.default.createDirectory(atPath: (taken + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("OLD".utf8).write(to: URL(fileURLWithPath: taken + "/" + name))
        _ = try ReportGen.run(scenario.arguments(inputs, taken, true), in: folder.url)
        #expect(try String(contentsOfFile: taken + "/" + name, encoding: .utf8) == "OLD", "\(row): \(name) replaced without --overwrite")
        if overwrites {
            let again = try ReportGen.run(scenario.arguments(inputs, taken, true) + ["--overwrite"], in: folder.url)
            #expect(again.status == 0, "\(row): \(again.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: taken + "/" + name)).count > 3, "\(row): \(name) not replaced with --overwrite")
        }
    }

    /// Every regular file under `folder`, as paths relative to it, sorted.
    static func files(under folder: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }
}
