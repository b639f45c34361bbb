import Foundation
import ReportKit

/// The batch benchmark: `report-gen batch` run as a user runs it (a separate process, JSON Lines
/// in, files out), against the C baseline drawing the same page in one process.
///
/// The page is the spray report of one job, laid out by ReportKit and written as drawing
/// operations (``PageDump``) that the C program replays with cairo and Pango: the same text,
/// fonts, shapes, tags and links, without anything ReportKit does before drawing. Rounds
/// alternate the programs, so both meet the same load on a shared machine; figures are medians.
///
/// Each job's cost is given twice: as CPU time (user and system), which is what the work itself
/// costs, and as wall time, which on a shared machine also holds what other machines took. The C
/// program times only its drawing loop (after its warm-up); report-gen is timed whole, start-up,
/// reading and flushing every file to disk included, so any unfairness is against ReportKit.
struct BatchBenchmark {
    let job: String
    let reportGen: String
    let work: String
    /// The larger history the figures are also given for (0 leaves it out).
    var largeCount = 10_000
    let rounds = 5

    func run(documents: Int, baseline: String?) throws {
        guard let baseline else { throw BenchmarkError("--batch needs --baseline PATH (the C program)") }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let page = work + "/page.txt"
        let layout = try dumpPage(to: page)

        print("batch: report-gen batch on JSON Lines of the job \(URL(fileURLWithPath: job).lastPathComponent) (\(layout.pages.count) page), one PDF per job")
        print("  in one process, per job: " + (try stageBreakdown(jobs: 200)).map { String(format: "%@ %.2f ms", $0.0, $0.1) }.joined(separator: ", "))

        let small = try history(count: documents)
        var c: [Run] = [], one: [Run] = [], two: [Run] = [], plain: [Run] = []
        for _ in 0..<rounds {
            c.append(try replay(baseline, page: page, documents: documents))
            one.append(try batch(small, jobs: 1, count: documents))
            two.append(try batch(small, jobs: 2, count: documents))
            plain.append(try batch(small, jobs: 1, count: documents, extra: ["--pdf-standard", "none"]))
        }
        let finishing = zip(one, plain).map { $0.cpuMsPerJob / $1.cpuMsPerJob }
        let cpuRatios = zip(one, c).map { $0.cpuMsPerJob / $1.cpuMsPerJob }
        let wallRatios = zip(one, c).map { $0.msPerJob / $1.msPerJob }
        let speedups = zip(one, two).map { $0.seconds / $1.seconds }
        print("  \(documents) jobs, median of \(rounds) rounds:")
        print(String(format: "    C baseline (cairo + Pango drawing the same page, one process, plain file writes): %.2f ms CPU, %.2f ms wall per job",
                     median(c.map(\.cpuMsPerJob)), median(c.map(\.msPerJob))))
        print(String(format: "    --jobs 1: %.2f ms CPU, %.2f ms wall per job (%.0f jobs/s), peak memory %.1f MiB",
                     median(one.map(\.cpuMsPerJob)), median(one.map(\.msPerJob)), median(one.map(\.jobsPerSecond)), median(one.map(\.peakMiB))))
        print(String(format: "      per-job cost against C (goal at most 1.25): CPU %.2f (rounds %.2f–%.2f), wall %.2f (rounds %.2f–%.2f)",
                     median(cpuRatios), cpuRatios.min() ?? 0, cpuRatios.max() ?? 0, median(wallRatios), wallRatios.min() ?? 0, wallRatios.max() ?? 0))
        print(String(format: "    --jobs 2: %.2f ms wall per job (%.0f jobs/s), peak memory %.1f MiB; %.2fx as fast as --jobs 1 (goal close to 2; rounds %.2f–%.2f)",
                     median(two.map(\.msPerJob)), median(two.map(\.jobsPerSecond)), median(two.map(\.peakMiB)), median(speedups),
                     speedups.min() ?? 0, speedups.max() ?? 0))
        print(String(format: "    --jobs 1 --pdf-standard none (plain PDF, nothing attached): %.2f ms CPU per job; PDF/A-3b + PDF/UA-1 with the job and plan attached costs %.2fx that (goal at most 1.15; rounds %.2f–%.2f)",
                     median(plain.map(\.cpuMsPerJob)), median(finishing), finishing.min() ?? 0, finishing.max() ?? 0))
        let combined = try batch(small, jobs: 2, count: documents, combined: true)
        print(String(format: "    --combined, --jobs 2: %.0f jobs/s, peak memory %.1f MiB", combined.jobsPerSecond, combined.peakMiB))

        guard largeCount > 0 else { return }
        let large = try history(count: largeCount)
        print("  \(largeCount) jobs, one run each:")
        for jobs in [1, 2] {
            let run = try batch(large, jobs: jobs, count: largeCount)
            print(String(format: "    --jobs %d: %.0f jobs/s, peak memory %.1f MiB", jobs, run.jobsPerSecond, run.peakMiB))
        }
        let largeCombined = try batch(large, jobs: 2, count: largeCount, combined: true)
        print(String(format: "    --combined, --jobs 2: %.0f jobs/s, peak memory %.1f MiB", largeCombined.jobsPerSecond, largeCombined.peakMiB))
    }

    // MARK: Inputs

    /// JSON Lines of `count` copies of the job, each with its own id.
    private func history(count: Int) throws -> String {
        let path = "\(work)/jobs-\(count).jsonl"
        try JobCopies.write(job, count: count, to: path) { number, member in
            member.key == "id" ? JSONObject.Member(key: "id", value: .string("bench-\(number)")) : member
        }
        return path
    }

    /// The first job's laid-out report, also written as drawing operations for the C replay.
    private func dumpPage(to path: String) throws -> LaidOutDocument {
        let generator = try ReportGenerator(options: ReportOptions())
        let document = try generator.report(from: try jobBytes(), output: .pages).document
        try PageDump.write(document).write(toFile: path, atomically: true, encoding: .utf8)
        return document
    }

    private func jobBytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: job))) }

    /// Milliseconds per job in each stage, one thread, in this process, written to memory.
    private func stageBreakdown(jobs: Int) throws -> [(String, Double)] {
        let bytes = try jobBytes()
        let generator = try ReportGenerator(options: ReportOptions())
        var times = [Double](repeating: 0, count: 5)
        let finisher = PDFFinisher(standard: .archivalAccessible)
        for round in 0..<(jobs + 20) {
            var t = now()
            func lap(_ stage: Int) {
                let n = now()
                if round >= 20 { times[stage] += n - t }
                t = n
            }
            let plan = try generator.plan(try JobDecoder.decodeJob(bytes))
            lap(0)
            let composed = try generator.compose(plan)
            lap(1)
            let document = try generator.layout(composed)
            lap(2)
            let drawn = try PDFRenderer(text: generator.text).draw(document)
            lap(3)
            _ = try finisher.finish(drawn, attachments: try generator.attachments(source: bytes, plan: plan))
            lap(4)
        }
        return zip(["decode and plan", "template", "layout", "cairo PDF", "finishing (PDF/A-3b + PDF/UA-1, attachments)"], times)
            .map { ($0, $1 * 1_000 / Double(jobs)) }
    }

    // MARK: Runs

    struct Run {
        let seconds: Double
        let cpuSeconds: Double
        let peakMiB: Double
        let count: Int
        var msPerJob: Double { seconds * 1_000 / Double(count) }
        var cpuMsPerJob: Double { cpuSeconds * 1_000 / Double(count) }
        var jobsPerSecond: Double { Double(count) / seconds }
    }

    /// Runs `report-gen batch` under /usr/bin/time (for its CPU time and peak resident memory)
    /// into a fresh folder.
    private func batch(_ history: String, jobs: Int, count: Int, combined: Bool = false, extra: [String] = []) throws -> Run {
        let output = "\(work)/out"
        try? FileManager.default.removeItem(atPath: output)
        let destination = combined ? ["--combined", output + ".pdf", "--overwrite"] : ["-o", output]
        let timing = "\(work)/time.txt"
        let start = now()
        try runProcess("/usr/bin/time", ["-f", "%U %S %M", "-o", timing, reportGen, "batch", history, "--jobs", String(jobs), "--quiet"] + extra + destination)
        let seconds = now() - start
        let fields = try String(contentsOfFile: timing, encoding: .utf8).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard fields.count == 3 else { throw BenchmarkError("cannot read /usr/bin/time's figures in \(timing)") }
        return Run(seconds: seconds, cpuSeconds: fields[0] + fields[1], peakMiB: fields[2] / 1024, count: count)
    }

    /// The C baseline's own figures for its drawing loop (timed after its warm-up), writing into a
    /// fresh folder.
    private func replay(_ baseline: String, page: String, documents: Int) throws -> Run {
        let output = "\(work)/c"
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let text = try runProcess(baseline, ["--replay", page, String(documents), output])
        // "W ms per document, C ms CPU per document"
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard numbers.count == 2 else { throw BenchmarkError("the C baseline said: \(text)") }
        let perDocument = Double(documents) / 1_000
        return Run(seconds: numbers[0] * perDocument, cpuSeconds: numbers[1] * perDocument, peakMiB: 0, count: documents)
    }

    @discardableResult
    private func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed") }
        return output
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
