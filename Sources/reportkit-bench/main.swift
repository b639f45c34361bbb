import Foundation
import ReportKit

// Renders N one-page documents in one process (layout and PDF, in memory) and prints documents
// per second, milliseconds per document and memory; with --baseline PATH it also runs the C
// baseline on the same page and prints the ratio. Run it through scripts/bench.sh.

struct Options {
    var documents = 1_000
    var baseline: String?
    var checkFlatMemory = false

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--documents": documents = rest.popFirst().flatMap(Int.init) ?? documents
            case "--baseline": baseline = rest.popFirst()
            case "--check-flat-memory": checkFlatMemory = true
            default:
                FileHandle.standardError.write(Data("usage: reportkit-bench [--documents N] [--baseline PATH] [--check-flat-memory]\n".utf8))
                exit(64)
            }
        }
    }
}

let options = Options(CommandLine.arguments)
let engine = try PangoTextEngine()
let renderer = PDFRenderer(text: engine)
let template = PageTemplate(margins: EdgeInsets(all: 40))

// Time spent in layout alone (the rest is PDF output); one thread, so a plain global is safe.
nonisolated(unsafe) var layoutSeconds = 0.0
func renderOne(_ index: Int) throws -> Int {
    let t0 = now()
    let pages = try Paginator.paginate(BenchmarkPage.content(job: index), template: template, text: engine)
    layoutSeconds += now() - t0
    let info = DocumentInfo(title: "Raport oprysku \(index)", creationDate: Date(timeIntervalSince1970: 0))
    return try renderer.render(LaidOutDocument(pages: pages, info: info)).count
}

// Warm up: fonts, caches and allocator pools settle before anything is measured.
for index in 0..<20 { _ = try renderOne(index) }
let settled = Memory.residentMiB()
var checkpoints: [(Int, Double)] = []
var bytes = 0
let start = now()
for index in 1...options.documents {
    bytes += try renderOne(index)
    if index % max(1, options.documents / 5) == 0 { checkpoints.append((index, Memory.residentMiB())) }
}
let seconds = now() - start
let msPerDocument = seconds * 1_000 / Double(options.documents)

print("reportkit-bench: \(options.documents) one-page documents in one process")
print(String(format: "  layout %.3f ms per document", layoutSeconds * 1000 / Double(options.documents + 20)))
print(String(format: "  %.1f documents/s, %.3f ms per document, %.1f KiB per PDF", Double(options.documents) / seconds, msPerDocument,
             Double(bytes) / Double(options.documents) / 1024))
print(String(format: "  memory: %.1f MiB resident after warm-up, peak %.1f MiB", settled, Memory.peakMiB()))
print("  resident MiB by documents rendered: " + checkpoints.map { String(format: "%d: %.1f", $0.0, $0.1) }.joined(separator: ", "))

if let baseline = options.baseline {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: baseline)
    process.arguments = [String(options.documents)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if let cMs = output.split(separator: " ").first.flatMap({ Double($0) }), cMs > 0 {
        print(String(format: "  C baseline (cairo + Pango directly): %.3f ms per document", cMs))
        print(String(format: "  ratio ReportKit / C: %.2f (goal: at most 1.25)", msPerDocument / cMs))
    } else {
        print("  C baseline gave no figure: \(output)")
    }
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
