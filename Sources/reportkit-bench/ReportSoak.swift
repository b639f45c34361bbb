import Foundation
import ReportKit

/// The leak check's workload (scripts/leak-check.sh): whole reports, from input bytes to a PDF in
/// memory, made one after another in one process, cycling through real jobs and every job
/// template, with the resident memory read at ten checkpoints.
///
/// Under valgrind it shows what each report leaves allocated; on its own, over thousands of
/// reports, whether memory grows with their number.
struct ReportSoak {
    let jobs: [String]
    let reports: Int
    /// Most growth allowed from the first checkpoint to the last, in MiB: allocator pools and
    /// caches that fill up slowly, far less than even one report per checkpoint would leak.
    let allowedGrowthMiB = 2.0

    func run(checkFlat: Bool) throws -> Bool {
        let inputs = try jobs.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        guard !inputs.isEmpty else { throw BenchmarkError("--reports needs at least one job file") }
        // Generators (and their text engines, fonts and caches) are made anew every 50 reports,
        // so what tearing them down leaves behind shows too.
        func makeGenerators() throws -> [ReportGenerator] {
            try ["spray-report", "tank-card"].map { try ReportGenerator(options: ReportOptions(template: $0)) }
        }
        var generators = try makeGenerators()
        var checkpoints: [(reports: Int, mib: Double)] = []
        var pages = 0, bytes = 0
        let start = now()
        for index in 0..<reports {
            if index > 0, index % 50 == 0 { generators = try makeGenerators() }
            // Each job in turn with each template.
            let generator = generators[(index / inputs.count) % generators.count]
            let report = try generator.report(from: inputs[index % inputs.count])
            pages += report.document.pages.count
            bytes += report.pdf?.count ?? 0
            if (index + 1) % max(1, reports / 10) == 0 { checkpoints.append((index + 1, Memory.residentMiB())) }
        }
        print("reportkit-bench: \(reports) reports in one process (\(inputs.count) jobs × \(generators.count) templates), \(pages) pages, "
              + String(format: "%.1f MiB of PDF, %.1f s", Double(bytes) / 1_048_576, now() - start))
        print("  resident MiB by reports made: " + checkpoints.map { String(format: "%d: %.1f", $0.reports, $0.mib) }.joined(separator: ", "))
        guard checkFlat, let first = checkpoints.first, let last = checkpoints.last else { return true }
        let growth = last.mib - first.mib
        print(String(format: "  growth from %d to %d reports: %.2f MiB (allowed %.1f)", first.reports, last.reports, growth, allowedGrowthMiB))
        return growth <= allowedGrowthMiB
    }
}
