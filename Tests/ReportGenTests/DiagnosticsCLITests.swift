import Foundation
import Testing
import CLITestSupport

/// `--diagnostics json` (docs/diagnostics.md): every diagnostic one JSON object a line, the same
/// ones and the same messages as the text, in validate, record and batch; and on a terminal a
/// summary that groups a finding repeated over many jobs.
@Suite("Diagnostics for scripts")
struct DiagnosticsCLITests {
    static let season = ReportGen.repository.appendingPathComponent("Tests/Batch/season.jsonl").path

    /// A season of the three jobs and one broken entry.
    private func seasonWithAnError(in folder: ScratchFolder) throws -> String {
        let lines = try String(contentsOfFile: Self.season, encoding: .utf8).split(separator: "\n").map(String.init)
        let broken = lines[0].replacingOccurrences(of: #""sprayRate""#, with: #""sprayRat""#)
        return try folder.write((lines + [broken]).joined(separator: "\n") + "\n", to: "season.jsonl")
    }

    private func objects(_ stderr: String) throws -> [[String: Any]] {
        try stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test(arguments: ["validate", "record"])
    func jsonDiagnosticsAreTheTextOnesLineForLine(command: String) throws {
        let folder = try ScratchFolder()
        let input = try seasonWithAnError(in: folder)
        let common = command == "record" ? [input, "-o", folder.path("out.csv"), "--skip-invalid"] : [input]
        let text = try ReportGen.run([command] + common + ["--record-check", "pl"])
        let json = try ReportGen.run([command] + common + ["--record-check", "pl", "--diagnostics", "json"])
        #expect(text.status == 65 && json.status == 65, "\(json.stderr)")
        // Every diagnostic line, not the closing count of what the record holds (which is no diagnostic).
        let textLines = text.stderr.split(separator: "\n").filter {
            ($0.hasPrefix("error: ") || $0.hasPrefix("warning: ") || $0.hasPrefix("hint: ")) && !$0.contains(" entries recorded")
        }
        // Every line is JSON; the run's own closing count is one too (rule `run`), beside the findings.
        let all = try objects(json.stderr)
        let records = all.filter { $0["rule"] as? String != "run" }
        #expect(command == "validate" || all.contains { $0["rule"] as? String == "run" && ($0["message"] as? String)?.contains("entries recorded") == true },
                "\(json.stderr)")
        #expect(records.count == textLines.count && records.count > 5, "\(records.count) JSON, \(textLines.count) text")
        for (record, line) in zip(records, textLines) {
            let severity = try #require(record["severity"] as? String)
            let path = try #require(record["path"] as? String), message = try #require(record["message"] as? String)
            #expect(line.hasPrefix(severity + ": ") && line.hasSuffix("\(path): \(message)"), "\(record) vs \(line)")
            #expect(record["rule"] is String && record["entry"] is Int && record["line"] is Int)
        }
        #expect(records.contains { $0["rule"] as? String == "record.pl" && $0["severity"] as? String == "warning" })
        let refused = try #require(records.first { $0["severity"] as? String == "error" })
        #expect(refused["rule"] as? String == "input" && refused["entry"] as? Int == 4 && refused["line"] as? Int == 4, "\(refused)")
        #expect((refused["message"] as? String)?.contains("did you mean") == true || (refused["path"] as? String)?.contains("sprayRat") == true)
    }

    @Test func batchGivesItsFailuresAndWarningsAsJSONToo() throws {
        let folder = try ScratchFolder()
        let input = try seasonWithAnError(in: folder)
        let run = try ReportGen.run(["batch", input, "-o", folder.path("out"), "--record-check", "pl", "--diagnostics", "json"])
        #expect(run.status == 65)
        let records = try objects(run.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n"))
        #expect(records.contains { $0["severity"] as? String == "error" && $0["entry"] as? Int == 4 })
        #expect(records.contains { $0["severity"] as? String == "warning" && $0["entry"] as? Int == 1 })
    }

    /// On a terminal (here a pseudo-terminal made by `script`), the same finding over many jobs
    /// is counted once more at the end.
    @Test func aTerminalGetsASummaryOfRepeatedFindings() throws {
        let folder = try ScratchFolder()
        let lines = try String(contentsOfFile: Self.season, encoding: .utf8).split(separator: "\n").map(String.init)
        let input = try folder.write(Array(repeating: lines, count: 4).flatMap { $0 }.joined(separator: "\n") + "\n", to: "season.jsonl")
        let command = [ReportGen.binary.path, "validate", input, "--record-check", "pl"].map { "'\($0)'" }.joined(separator: " ")
        let run = try ReportGen.run(program: "/usr/bin/script", ["-qec", command, "/dev/null"])
        let screen = run.stdout.replacingOccurrences(of: "\r", with: "")
        #expect(screen.contains("summary of "), "\(screen.suffix(600))")
        #expect(screen.contains("12 jobs, ") && screen.contains("record.pl at $.products[*].authorisation"), "\(screen.suffix(800))")
        // Not a terminal: no summary (a log keeps each line once).
        let plain = try ReportGen.run(["validate", input, "--record-check", "pl"])
        #expect(!plain.stderr.contains("summary of "))
    }

    @Test func recordCheckIsOneNameEverywhereAndValidateKeepsItsOldName() throws {
        for arguments in [["validate", Self.season, "--record-check", "pl"], ["validate", Self.season, "--record", "pl"]] {
            let run = try ReportGen.run(arguments)
            #expect(run.status == 0 && run.stderr.contains("the Polish record needs"), "\(arguments): \(run.stderr)")
        }
        let help = try ReportGen.run(["validate", "--help"]).stdout
        #expect(help.contains("--record-check <jurisdiction>") && help.contains("Examples:"))
    }

    @Test func versionNamesTheCommitAndCairo() throws {
        let version = try ReportGen.run(["--version"]).stdout
        #expect(version.contains("cairo 1.16"))
        let head = try ReportGen.run(program: "/usr/bin/git", ["-C", ReportGen.repository.path, "rev-parse", "--short=12", "HEAD"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.contains("commit \(head)"), "\(version) (HEAD \(head))")
    }

    /// A run's own failures carry codes too (docs/diagnostics.md, "A run's failures"): a script
    /// tells a missing folder from an output that is one of the inputs without reading words.
    @Test func aRunsFailuresCarryTheirCodes() throws {
        let folder = try ScratchFolder()
        let job = try folder.write(try String(contentsOfFile: ReportGen.example("herbicide-pl.json"), encoding: .utf8), to: "job.json")
        let missing = try ReportGen.run(["record", job, "-o", folder.path("no-such-folder/record.csv"), "--diagnostics", "json"])
        #expect(missing.status == 73 && missing.stderr.contains(#""code":"output.no-folder""#), "\(missing.status) \(missing.stderr)")
        let itself = try ReportGen.run(["record", job, "-o", job, "--diagnostics", "json"])
        #expect(itself.status == 64 && itself.stderr.contains(#""code":"output.is-input""#), "\(itself.status) \(itself.stderr)")
    }
}
