import CLITestSupport
import Foundation
import Testing

/// The bad-input corpus (`Tests/BadInput/expected.json`): every input is run through
/// `report-gen INPUT -o OUT.pdf`, and must give exactly the errors and exit status written there,
/// leave no file behind when refused, or, for hostile text that is accepted, print it as written.
@Suite("Bad-input corpus", .enabled(if: TestRun.isFull, TestRun.slow))
struct BadInputCorpusTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var file: String?
        var generated: String?
        var covers: String
        var exit: Int32
        var stderr: [String]?
        var stderrPrefix: String?
        var stderrSuffix: String?
        var pdfText: [String]?

        var testDescription: String { "\(file ?? generated ?? "?"): \(covers)" }
    }

    struct Corpus: Decodable {
        var cases: [Case]
    }

    static let folder = ReportGen.repository.appendingPathComponent("Tests/BadInput")

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
              let corpus = try? JSONDecoder().decode(Corpus.self, from: data) else { return [] }
        return corpus.cases
    }()

    @Test func theCorpusCoversEveryKindOfBadInput() {
        let kinds = Set(Self.cases.compactMap { $0.file?.split(separator: "-").first.map(String.init) })
        #expect(kinds.isSuperset(of: ["malformed", "type", "unit", "number", "value", "products", "loads", "text", "key"]))
        #expect(Self.cases.filter { $0.generated != nil }.count == 5)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []
        #expect(Set(files.filter { $0 != "expected.json" }) == Set(Self.cases.compactMap(\.file)), "every file has its expectation")
    }

    @Test(arguments: Self.cases)
    func producesWhatItMust(_ expected: Case) throws {
        let scratch = try ScratchFolder()
        let input = try expected.file.map { try scratch.copy(Self.folder.appendingPathComponent($0).path, as: "input.json") }
            ?? Self.generate(try #require(expected.generated), in: scratch)
        let run = try ReportGen.run([input, "-o", scratch.path("report.pdf")])

        #expect(run.status == expected.exit)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        if let stderr = expected.stderr {
            #expect(lines == stderr.map { $0.replacingOccurrences(of: "{file}", with: input) })
        }
        if let prefix = expected.stderrPrefix, let suffix = expected.stderrSuffix {
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix(prefix) == true && lines.first?.hasSuffix(suffix) == true, "\(lines)")
        }
        if expected.exit == 0 {
            let text = try toolOutput(["pdftotext", scratch.path("report.pdf"), "-"])
            for words in expected.pdfText ?? [] {
                #expect(text.contains(words), "the PDF's text lacks \(words)")
            }
        } else {
            #expect(scratch.files == ["input.json"], "a refused input leaves nothing behind")
        }
    }

    /// The inputs too large to keep in git.
    static func generate(_ name: String, in scratch: ScratchFolder) throws -> String {
        let job = #"{"version": 1, "field": {"name": "North 7", "area": {"value": 12.5, "unit": "ha"}}, "#
            + #""sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 1000, "unit": "L"}}, "#
            + #""products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]"#
        let tenMegabytes = 10 * 1024 * 1024
        let text: String
        switch name {
        case "name-10-MB":
            text = job.replacingOccurrences(of: "North 7", with: String(repeating: "X", count: tenMegabytes)) + "}"
        case "notes-10-MB":
            text = job + #", "notes": ""# + String(repeating: "line\\n", count: tenMegabytes / 6) + #""}"#
        case "input-17-MiB":
            text = job + #", "notes": ""# + String(repeating: "x", count: 17 * 1024 * 1024) + #""}"#
        case "arrays-100000-deep":
            text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        case "objects-5000-deep":
            text = #"{"version": 1, "notes": "# + String(repeating: #"{"a":"#, count: 5_000) + "1" + String(repeating: "}", count: 5_001)
        default:
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no generator named \(name)"])
        }
        return try scratch.write(text, to: "input.json")
    }
}
