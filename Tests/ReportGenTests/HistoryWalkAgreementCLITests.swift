import CLITestSupport
import Foundation
import Testing

/// Every command that reads a history walks it the one way (`HistoryWalk`): the same inputs, the
/// hostile ones too, are accepted or refused alike by `validate`, `record`, `isoxml` and `batch`,
/// with the same errors (entry, JSON path, code) in `--diagnostics json`; one job, alone or as
/// JSON Lines of one line, is that job everywhere, its errors naming no entry; `plan` and a
/// report take what is one job and refuse the rest with the same status and paths.
@Suite("One walk over a history, one answer", .enabled(if: TestRun.isFull, TestRun.slow))
struct HistoryWalkAgreementCLITests {
    static let commands = ["validate", "record", "isoxml", "batch"]

    /// Each input, by name, and whether it is wholly valid.
    static func inputs(in folder: ScratchFolder) throws -> [(name: String, path: String, valid: Bool)] {
        let job = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ReportGen.example("herbicide-pl.json")))) as? [String: Any])
        var bad = job
        bad["sprayRate"] = ["value": -5, "unit": "L/ha"]
        func json(_ value: Any) throws -> String { String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self) }
        let report = folder.path("report.pdf")
        let made = try ReportGen.run([ReportGen.example("herbicide-pl.json"), "-o", report])
        #expect(made.status == 0, "\(made.stderr)")
        let cases: [(String, String, String, Bool)] = [
            ("a job alone", "job.json", try json(job), true),
            ("JSON Lines of one line", "job.jsonl", try json(job) + "\n", true),
            ("a history of two", "season.json", try json([job, job]), true),
            ("a bad job alone", "bad.json", try json(bad), false),
            ("a bad job as JSON Lines of one line", "bad.jsonl", try json(bad) + "\n", false),
            ("a history with a bad entry", "mixed.json", try json([job, bad, job]), false),
            ("JSON Lines with a broken line", "broken.jsonl", try json(job) + "\n{\"version\": 1,\n" + (try json(job)) + "\n", false),
            ("not JSON", "notes.json", "spray North 7 tomorrow", false),
            ("JSON that is no job", "other.json", "{\"hello\": 1}", false),
            ("nesting 100,000 deep", "deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), false),
        ]
        var inputs = try cases.map { name, file, text, valid in (name, try folder.write(text, to: file), valid) }
        inputs.append(("a report PDF", report, true))
        return inputs
    }

    /// The errors a run printed as JSON diagnostics: entry (nil for one job), path and code.
    static func errors(_ stderr: String) -> Set<String> {
        Set(stderr.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["severity"] as? String == "error", object["rule"] as? String != "run" else { return nil }
            return "entry \(object["entry"].map { "\($0)" } ?? "-") \(object["path"] ?? "?") \(object["code"] ?? "-")"
        })
    }

    @Test func everyCommandAcceptsAndRefusesTheSameHistoriesWithTheSameErrors() throws {
        let folder = try ScratchFolder()
        for (index, (name, path, valid)) in try Self.inputs(in: folder).enumerated() {
            var answers: [String: (status: Int32, errors: Set<String>)] = [:]
            for command in Self.commands {
                let arguments: [String] = switch command {
                case "record": ["record", path, "-o", folder.path("record-\(index).json")]
                case "isoxml": ["isoxml", path, "-o", folder.path("usb-\(index)")]
                case "batch": ["batch", path, "-o", folder.path("batch-\(index)/")]
                default: [command, path]
                }
                let run = try ReportGen.run(arguments + ["--diagnostics", "json"])
                answers[command] = (run.status, Self.errors(run.stderr))
            }
            let statuses = Set(answers.values.map(\.status))
            #expect(statuses == [valid ? 0 : 65], "\(name): \(answers.mapValues(\.status))")
            let errorSets = Set(answers.values.map(\.errors))
            #expect(errorSets.count == 1, "\(name): \(answers.mapValues(\.errors))")
            if !valid { #expect(answers["validate"]?.errors.isEmpty == false, "\(name): an error is named") }
            // The commands of one job (plan, render) take the inputs that are one job as the
            // others do, and refuse the rest: the same status, every error's path named.
            if !name.contains("history") && !name.contains("JSON Lines with") {
                for command in ["plan", "render"] {
                    let arguments = command == "plan" ? ["plan", path] : [path, "-o", folder.path("render-\(index).pdf")]
                    let run = try ReportGen.run(arguments)
                    #expect(run.status == answers["validate"]?.status, "\(command), \(name): \(run.status) \(run.stderr)")
                    for error in answers["validate"]?.errors ?? [] {
                        let path = error.split(separator: " ")[2]
                        #expect(run.stderr.contains(path), "\(command), \(name): \(path) in \(run.stderr)")
                    }
                }
            }
            if name.contains("alone") || name.contains("one line") {
                #expect(answers.values.allSatisfy { $0.errors.allSatisfy { $0.hasPrefix("entry - ") } }, "\(name): one job names no entry: \(answers.mapValues(\.errors))")
            }
        }
    }
}
