import CLITestSupport
import Foundation
import Testing

/// The largest jobs the validator accepts, through every command that makes something of them:
/// each finishes, whole, within 300 MB (peak resident memory, GNU time). What they cost in time is
/// in the benchmark's figures (`scripts/bench-largest.sh`, docs/performance.md), not asserted here.
@Suite("The largest accepted jobs", .enabled(if: TestRun.isFull, TestRun.slow))
struct LargestJobTests {
    /// Every record field at its limit (20 products whose names and authorisations are 200
    /// characters, every single-line text 200, notes 2,000, 200 target codes, parcels holding
    /// 4,900 of their 5,000 characters), and the same at 1,000 tank loads: the benchmark's jobs.
    static let folder = ReportGen.repository.appendingPathComponent("Benchmarks/largest")

    /// A command run on the largest jobs; `@` in its arguments is the scratch folder.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let arguments: [String]
    }

    static let cases = [
        Case(description: "the spray report of the largest record", arguments: ["@/record.json", "-o", "@/out/report.pdf"]),
        Case(description: "the spray report of 1,000 loads", arguments: ["@/loads.json", "-o", "@/out/loads.pdf"]),
        Case(description: "the tank card of the largest record", arguments: ["@/record.json", "--template", "tank-card", "-o", "@/out/card.pdf"]),
        Case(description: "page images of the largest record", arguments: ["@/record.json", "--dpi", "30", "-o", "@/out/page.png"]),
        Case(description: "a history's cover", arguments: ["@/season.json", "--template", "history-summary", "-o", "@/out/cover.pdf"]),
        Case(description: "the record as CSV", arguments: ["record", "@/season.jsonl", "-o", "@/out/record.csv"]),
        Case(description: "the record as JSON", arguments: ["record", "@/season.jsonl", "-o", "@/out/record.json"]),
        Case(description: "the register of the largest record", arguments: ["record", "@/record.json", "-o", "@/out/register.pdf"]),
        Case(description: "a batch of five, one file each", arguments: ["batch", "@/season.jsonl", "-o", "@/out/", "--jobs", "2"]),
        Case(description: "a batch of five in one document", arguments: ["batch", "@/season.jsonl", "--combined", "@/out/season.pdf"]),
    ]

    @Test(arguments: cases)
    func finishesWithinItsMemory(_ command: Case) throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        _ = try folder.copy(Self.folder.appendingPathComponent("record.json").path, as: "record.json")
        _ = try folder.copy(Self.folder.appendingPathComponent("loads.json").path, as: "loads.json")
        var job = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent("record.json"))) as! [String: Any]
        let season = try (0..<5).map { number in
            job["id"] = "largest-\(number)"
            return String(decoding: try JSONSerialization.data(withJSONObject: job), as: UTF8.self)
        }
        _ = try folder.write(season.joined(separator: "\n") + "\n", to: "season.jsonl")
        _ = try folder.write("[" + season.joined(separator: ",\n") + "]", to: "season.json")

        let arguments = command.arguments.map { $0.replacingOccurrences(of: "@", with: folder.url.path) }
        let run = try ReportGen.run(after: "exec /usr/bin/time -f 'peak %M KB' \"$@\"", arguments)
        #expect(run.status == 0, "\(command): \(run.stderr.suffix(600))")
        let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) }
        let kilobytes = try #require(peak, "GNU time reported the peak: \(run.stderr.suffix(300))")
        #expect(kilobytes < 300 * 1024, "\(command): \(kilobytes / 1024) MB at its peak")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
        #expect(!written.isEmpty && written.allSatisfy { !$0.hasPrefix(".") }, "\(command): whole files only: \(written)")
    }
}
