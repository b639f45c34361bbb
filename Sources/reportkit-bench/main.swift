import Foundation
import ReportKit

// Renders N one-page documents in one process (layout and PDF, in memory) and prints documents
// per second, milliseconds per document and memory; with --baseline PATH it also runs the C
// baseline on the same page and prints the ratio. Run it through scripts/bench.sh.

struct Options {
    var documents = 1_000
    var baseline: String?
    var checkFlatMemory = false
    var batch: BatchBenchmark?
    var soak: ReportSoak?
    var peers: PeerBenchmark?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--documents": documents = rest.popFirst().flatMap(Int.init) ?? documents
            case "--baseline": baseline = rest.popFirst()
            case "--check-flat-memory": checkFlatMemory = true
            case "--batch":
                guard let job = rest.popFirst(), let reportGen = rest.popFirst(), let work = rest.popFirst() else { fallthrough }
                batch = BatchBenchmark(job: job, reportGen: reportGen, work: work)
            case "--reports":
                guard let count = rest.popFirst().flatMap(Int.init) else { fallthrough }
                soak = ReportSoak(jobs: Array(rest.prefix { !$0.hasPrefix("--") }), reports: count)
                rest = rest.drop { !$0.hasPrefix("--") }
            case "--peers":
                // --peers FLOOR REPORT-GEN CANONICAL-FOLDER WORK-FOLDER [--typst COMMAND...] [--reports N]
                guard let floor = rest.popFirst(), let reportGen = rest.popFirst(), let canonical = rest.popFirst(), let work = rest.popFirst() else { fallthrough }
                peers = PeerBenchmark(floor: floor, typst: nil, reportGen: reportGen, canonical: canonical, work: work)
            case "--typst" where peers != nil:
                peers?.typst = Array(rest.prefix { !$0.hasPrefix("--") })
                rest = rest.drop { !$0.hasPrefix("--") }
            case "--per-run" where peers != nil: peers?.reports = rest.popFirst().flatMap(Int.init) ?? 1_000
            case "--large" where batch != nil: batch?.largeCount = rest.popFirst().flatMap(Int.init) ?? 0
            default:
                FileHandle.standardError.write(Data("""
                    usage: reportkit-bench [--documents N] [--baseline PATH] [--check-flat-memory]
                           reportkit-bench --batch JOB.json REPORT-GEN WORK-FOLDER --baseline PATH [--documents N] [--large N]
                           reportkit-bench --reports N JOB.json... [--check-flat-memory]
                           reportkit-bench --peers FLOOR REPORT-GEN CANONICAL-FOLDER WORK-FOLDER [--typst COMMAND...] [--per-run N]

                    """.utf8))
                exit(64)
            }
        }
    }
}

let options = Options(CommandLine.arguments)
if let peers = options.peers {
    try peers.run()
    exit(0)
}
if let soak = options.soak {
    let flat = try soak.run(checkFlat: options.checkFlatMemory)
    if !flat { print("  FAIL: memory grows with the number of reports") }
    exit(flat ? 0 : 1)
}
if let batch = options.batch {
    try batch.run(documents: options.documents, baseline: options.baseline)
    exit(0)
}
// Every document here is finished in memory, as report-gen's are: cairo leaves page content for
// finishing to compress once. (Not before the peers and the batch: the C programs they start
// would inherit the switch.)
ReportKitProcess.prepare(.compressionInFinishing)
let engine = try PangoTextEngine()
let renderer = PDFRenderer(text: engine)
let template = PageTemplate(margins: EdgeInsets(all: 40))

// Time spent in layout and in finishing (PDF/A-3b + PDF/UA-1); one thread, so plain globals are safe.
nonisolated(unsafe) var layoutSeconds = 0.0
nonisolated(unsafe) var finishSeconds = 0.0
let finisher = PDFFinisher(standard: .archivalAccessible)
/// One document: laid out, drawn by cairo and, unless `plain`, finished.
func renderOne(_ index: Int, plain: Bool = false) throws -> Int {
    let t0 = now()
    let pages = try Paginator.paginate(BenchmarkPage.content(job: index), template: template, text: engine)
    layoutSeconds += now() - t0
    let info = DocumentInfo(title: "Raport oprysku \(index)", creationDate: Date(timeIntervalSince1970: 0), language: "pl")
    let document = LaidOutDocument(pages: pages, info: info)
    if plain { return try renderer.render(document, standard: .none).count }
    let drawn = try renderer.draw(document)
    let t1 = now()
    let finished = try finisher.finish(drawn, attachments: [])
    finishSeconds += now() - t1
    return finished.count
}

/// Runs the C baseline for `documents` documents; it prints its own milliseconds per document,
/// timed after its own warm-up, so its start-up is not counted.
func baselineMilliseconds(_ path: String, documents: Int) throws -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [String(documents)]
    // The C baseline draws with cairo's own compression.
    process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CAIRO_DEBUG_PDF" }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.split(separator: " ").first.flatMap { Double($0) }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

// Warm up: fonts, caches and allocator pools settle before anything is measured.
for index in 0..<20 { _ = try renderOne(index) }
let settled = Memory.residentMiB()

// Rounds alternate ReportKit and the C baseline, so both meet the same machine load; the
// figures are medians over the rounds.
let rounds = options.baseline == nil ? 1 : 10
let perRound = max(1, options.documents / rounds)
var checkpoints: [(Int, Double)] = []
var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = [], finishingRatios: [Double] = []
var bytes = 0
var rendered = 0
var plainMs: [Double] = []
for _ in 0..<rounds {
    // The same documents as a plain PDF, for what finishing costs.
    let plainStart = now()
    for index in 0..<perRound { _ = try renderOne(index, plain: true) }
    plainMs.append((now() - plainStart) * 1_000 / Double(perRound))
    let start = now()
    for _ in 0..<perRound {
        rendered += 1
        bytes += try renderOne(rendered)
        if rendered % max(1, options.documents / 5) == 0 { checkpoints.append((rendered, Memory.residentMiB())) }
    }
    let ms = (now() - start) * 1_000 / Double(perRound)
    ours.append(ms)
    finishingRatios.append(ms / plainMs[plainMs.count - 1])
    if let baseline = options.baseline, let cMs = try baselineMilliseconds(baseline, documents: perRound), cMs > 0 {
        theirs.append(cMs)
        ratios.append(ms / cMs)
    }
}
let msPerDocument = median(ours)

print("reportkit-bench: \(rendered) one-page documents in one process")
print(String(format: "  %.1f documents/s, %.3f ms per document (median of %d rounds), layout %.3f ms of it, %.1f KiB per PDF",
             1_000 / msPerDocument, msPerDocument, rounds, layoutSeconds * 1_000 / Double(rendered + 20), Double(bytes) / Double(rendered) / 1024))
print(String(format: "  finished as PDF/A-3b + PDF/UA-1: %.3f ms of it in the finishing stage; the plain PDF takes %.3f ms",
             finishSeconds * 1_000 / Double(rendered + 20), median(plainMs)))
print(String(format: "  cost of finishing, finished / plain: median %.2f, rounds %.2f–%.2f (goal: at most 1.15)",
             median(finishingRatios), finishingRatios.min() ?? 0, finishingRatios.max() ?? 0))
print(String(format: "  memory: %.1f MiB resident after warm-up, peak %.1f MiB", settled, Memory.peakMiB()))
print("  resident MiB by documents rendered: " + checkpoints.map { String(format: "%d: %.1f", $0.0, $0.1) }.joined(separator: ", "))
if !ratios.isEmpty {
    print(String(format: "  C baseline (cairo + Pango directly, same tagged page): %.3f ms per document (median)", median(theirs)))
    print(String(format: "  ratio ReportKit / C: median %.2f, rounds from %.2f to %.2f (goal: at most 1.25)",
                 median(ratios), ratios.min() ?? 0, ratios.max() ?? 0))
}

if options.checkFlatMemory, let first = checkpoints.first, let last = checkpoints.last {
    // Leaks would grow with every document; allow a little allocator drift.
    let growth = last.1 - first.1
    print(String(format: "  growth from %d to %d documents: %.2f MiB", first.0, last.0, growth))
    if growth > 4 {
        print("  FAIL: memory grows with the number of documents")
        exit(1)
    }
    print("  memory is flat")
}

