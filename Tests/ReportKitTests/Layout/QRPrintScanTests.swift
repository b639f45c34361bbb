import Foundation
import Testing
import CLITestSupport
@testable import ReportKit

/// Every typical job's code scans from paper (issue 54, item 2): each report is printed and
/// scanned as an office would, by the print simulation of scripts/qr-print-scan.py (`pdftoppm
/// -gray -r 150`, then a Gaussian blur of σ = 0.1 mm, nothing else), and two independent
/// readers, zbar and zxing-cpp, must both read the same record from it: the format, the holding,
/// every product, and the reference to the record the PDF carries.
@Suite("The printed code scans", .enabled(if: TestRun.isFull, TestRun.slow))
struct QRPrintScanTests {
    /// 1, 3 and 6 products; 2 parcels or 12 with 24 cadastral numbers; Polish on A4 in the light
    /// theme and English on US Letter in the dark one (a code is always dark on white).
    static let shapes = [1, 3, 6].flatMap { products in
        [false, true].flatMap { manyParcels in
            [false, true].map { english in
                PageBudgetPropertyTests.Shape(products: products, loads: 12, equalLoads: products == 3, addToCarrier: products == 6,
                                              polish: !english, us: english, manyParcels: manyParcels)
            }
        }
    }

    struct Scan: Decodable {
        let pdf: String
        let zbar: String?
        let zxing: String?
    }

    @Test func everyTypicalJobsCodeReadsBackFromAnOfficeScan() throws {
        let folder = try ScratchFolder()
        var paths: [String] = []
        for (index, shape) in Self.shapes.enumerated() {
            let theme: ThemeName = shape.us ? .dark : .light
            let generator = try ReportGenerator(options: ReportOptions(theme: theme))
            let plan = try generator.plan(try JobDecoder.decodeJob(Array(shape.json.utf8)))
            let pdf = try generator.pdf(try generator.layout(try generator.compose(plan)))
            try Data(pdf).write(to: folder.url.appendingPathComponent("job-\(index).pdf"))
            paths.append(folder.path("job-\(index).pdf"))
        }
        let script = ReportGen.repository.appendingPathComponent("scripts/qr-print-scan.py").path
        let run = try ReportGen.run(program: "/usr/bin/env", ["python3", script] + paths)
        #expect(run.status == 0, "\(run.stderr)")
        let scans = try run.stdout.split(separator: "\n").map { try JSONDecoder().decode(Scan.self, from: Data($0.utf8)) }
        #expect(scans.count == Self.shapes.count)
        for (scan, shape) in zip(scans, Self.shapes) {
            #expect(scan.zbar != nil, "\(shape): zbar read no code")
            #expect(scan.zxing != nil, "\(shape): zxing-cpp read no code")
            #expect(scan.zbar == scan.zxing, "\(shape): the readers disagree")
            let code = try #require(try JSONSerialization.jsonObject(with: Data((scan.zxing ?? "").utf8)) as? [String: Any], "\(shape)")
            #expect(code["v"] as? String == RecordQR.format)
            #expect(code["h"] as? String == "068812345", "\(shape)")
            #expect((code["p"] as? [Any])?.count == shape.products, "\(shape)")
            #expect((code["x"] as? String)?.count == 16, "\(shape)")
        }
    }
}
