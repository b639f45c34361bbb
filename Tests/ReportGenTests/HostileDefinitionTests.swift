import CLITestSupport
import Foundation
import Testing

/// Hostile tokens, templates, command-line texts and input streams: each ends in a clear refusal
/// naming the file, the JSON path and what is allowed, in bounded time and memory, or in a
/// correct result; never in a crash.
@Suite("Hostile tokens, templates and streams", .enabled(if: TestRun.isFull, TestRun.slow))
struct HostileDefinitionTests {
    static let job = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/en-metric-single.json").path
    static let tokens = ReportGen.repository.appendingPathComponent("templates/tokens.json").path
    static let sprayReport = ReportGen.repository.appendingPathComponent("templates/reports/spray-report.json").path

    /// The built-in tokens with one change, written to the folder.
    static func tokens(in folder: ScratchFolder, _ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tokens))) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: folder.url.appendingPathComponent("tokens.json"))
        return folder.path("tokens.json")
    }

    static func template(in folder: ScratchFolder, body: String, header: String = "[]") throws -> String {
        try folder.write(#"{"format": "reportkit-template/1", "name": "hostile", "subject": "job", "page": {"header": \#(header)}, "body": \#(body)}"#,
                         to: "hostile.json")
    }

    /// A job of 1,000 loads (a large field and a small tank).
    static func thousandLoads(in folder: ScratchFolder) throws -> String {
        try folder.write(#"{"version": 1, "field": {"name": "Big", "area": {"value": 2000, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 400, "unit": "L"}}, "products": [{"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}}]}"#,
                         to: "big.json")
    }

    // MARK: Tokens

    @Test(arguments: [
        ("printScale", 1e300, "$.typography.printScale: must be from 0.1 to 4, got 1e+300"),
        ("printScale", 1e-300, "$.typography.printScale: must be from 0.1 to 4, got 1e-300"),
        ("size", 1e12, "$.typography.styles.body.size: must be from 1 to 200 points, got 1000000000000"),
        ("lineHeight", 3e9, "$.typography.styles.body.lineHeight: must be from 0.5 to 5 times the size, got 3000000000"),
        ("letterSpacing", -5e9, "$.typography.styles.body.letterSpacing: must be from -0.5 to 2 em, got -5000000000"),
    ])
    func outOfRangeTypeNumbersAreRefusedWithTheirRange(key: String, value: Double, message: String) throws {
        let folder = try ScratchFolder()
        let tokens = try Self.tokens(in: folder) { object in
            var typography = object["typography"] as! [String: Any]
            if key == "printScale" {
                typography[key] = value
            } else {
                var styles = typography["styles"] as! [String: Any]
                var body = styles["body"] as! [String: Any]
                body[key] = value
                styles["body"] = body
                typography["styles"] = styles
            }
            object["typography"] = typography
        }
        let run = try ReportGen.run([Self.job, "--tokens", tokens, "-o", folder.path("report.pdf")])
        #expect(run.status == 65)
        #expect(run.stderr == "error: \(tokens): \(message)\n")
        #expect(!folder.files.contains("report.pdf"))
    }

    @Test func outOfRangeTemplateNumbersAreRefused() throws {
        let folder = try ScratchFolder()
        let cases = [
            (#"[{"checkbox": 1e9}]"#, "$.body[0].checkbox: must be from 4 to 200 points, got 1000000000"),
            (#"[{"row": [{"text": "a", "width": 1e9}]}]"#, "$.body[0].row[0].width: must be from 1 to 1200 points, got 1000000000"),
            (#"[{"gauges": {"loads": "loads", "height": 0.001}}]"#, "$.body[0].gauges.height: must be from 8 to 800 points, got 0.001"),
        ]
        for (body, message) in cases {
            let template = try Self.template(in: folder, body: body)
            let run = try ReportGen.run([Self.job, "--template", template, "-o", folder.path("report.pdf")])
            #expect(run.status == 65)
            #expect(run.stderr == "error: \(template): \(message)\n")
        }
        let scale = try folder.write(#"{"format": "reportkit-template/1", "name": "x", "page": {"typeScale": 1e-9}, "body": []}"#, to: "scale.json")
        let run = try ReportGen.run([Self.job, "--template", scale, "-o", folder.path("report.pdf")])
        #expect(run.stderr == "error: \(scale): $.page.typeScale: must be from 0.1 to 4, got 0.000000001\n" || run.stderr.contains("$.page.typeScale: must be from 0.1 to 4"), "\(run.stderr)")
        #expect(!folder.files.contains("report.pdf"))
    }

    // MARK: Links and text in templates

    @Test func linksGoOnlyToTheWebMailAndThisReport() throws {
        let folder = try ScratchFolder()
        for scheme in ["javascript:alert(1)", "file:///etc/passwd", "JavaScript:void(0)", "data:text/html,x"] {
            let template = try Self.template(in: folder, body: #"[{"link": "\#(scheme)", "content": [{"text": "click"}]}]"#)
            let run = try ReportGen.run([Self.job, "--template", template, "-o", folder.path("report.pdf")])
            #expect(run.status == 65, "\(scheme)")
            #expect(run.stderr.contains("$.body[0].link: links to"), "\(run.stderr)")
        }
        // A link made from the job's data is checked when it is made.
        let job = try folder.write(try String(contentsOfFile: Self.job, encoding: .utf8)
            .replacingOccurrences(of: #""name": "Long Meadow""#, with: #""name": "javascript:alert(1)""#), to: "job.json")
        let fromData = try Self.template(in: folder, body: #"[{"link": "{field.name}", "content": [{"text": "click"}]}]"#)
        let run = try ReportGen.run([job, "--template", fromData, "-o", folder.path("report.pdf")])
        #expect(run.status == 65)
        #expect(run.stderr.contains("$.body[0]: the link \"javascript:alert(1)\" is not allowed"), "\(run.stderr)")
        // The allowed ones make a report.
        let allowed = try Self.template(in: folder, body: ##"[{"link": "https://example.org/a", "content": [{"text": "web"}]}, {"link": "mailto:office@example.org", "content": [{"text": "mail"}]}, {"anchor": "top", "content": [{"link": "#top", "content": [{"text": "top"}]}]}]"##)
        let ok = try ReportGen.run([Self.job, "--template", allowed, "-o", folder.path("ok.pdf")])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func templateTextKeepsTheTextRules() throws {
        let folder = try ScratchFolder()
        let template = try Self.template(in: folder, body: #"[{"text": "Dose \u202E0.1 L/ha"}]"#)
        let run = try ReportGen.run([Self.job, "--template", template, "-o", folder.path("report.pdf")])
        #expect(run.status == 65)
        #expect(run.stderr == "error: \(template): $.body[0].text: contains the bidirectional control U+202E (right-to-left override), which would show the text in another order than it is written; remove it\n")
    }

    // MARK: Expansion

    @Test func templatesThatMultiplyAreRefusedEarly() throws {
        let folder = try ScratchFolder()
        let job = try Self.thousandLoads(in: folder)
        let cases = [
            // each over loads inside each over loads, with a long text: the text bound (64 MB) is
            // met after about 22,000 of the million texts it asks for.
            (#"[{"each": "loads", "as": "a", "do": [{"each": "loads", "as": "b", "do": [{"text": "{a.number} {b.number} \#(String(repeating: "x", count: 3_000))"}]}]}]"#, "[]",
             "$.body[0].do[0].do[0]: this template makes more than 64 MB of text"),
            (#"[{"table": {"rows": "loads", "as": "r", "columns": [{"each": "loads", "as": "c", "header": "{c.number}", "cell": "{r.number}"}]}}]"#, "[]",
             "$.body[0]: this table would have 1000 columns; at most 64 fit a page"),
            (#"[{"each": "loads", "as": "a", "do": [{"text": "{a.number}"}]}]"#, #"[{"each": "loads", "as": "b", "do": [{"text": "{b.number}"}]}]"#,
             "$.page: the header and footer make"),
        ]
        for (body, header, message) in cases {
            let template = try Self.template(in: folder, body: body, header: header)
            let started = Date()
            let run = try ReportGen.run([job, "--template", template, "-o", folder.path("report.pdf")])
            #expect(run.status == 65, "\(message)")
            #expect(run.stderr.hasPrefix("error: \(template): \(message)"), "\(run.stderr)")
            // Generous for a debug build on a loaded machine; an unbounded template took minutes.
            #expect(Date().timeIntervalSince(started) < 30)
        }
        #expect(!folder.files.contains("report.pdf"))
    }

    // MARK: Command-line text

    @Test(arguments: ["", "   ", "Jan\u{01}Kowalski", "Jan\u{2028}Kowalski", "\u{202E}ikswolaK naJ", String(repeating: "x", count: 201)])
    func theAuthorOptionKeepsTheTextRules(author: String) throws {
        let folder = try ScratchFolder()
        for arguments in [[Self.job, "-o", folder.path("report.pdf")], ["batch", Self.job, "-o", folder.path("reports")]] {
            let run = try ReportGen.run(arguments + ["--author", author])
            #expect(run.status == 64, "\(author.debugDescription)")
            #expect(run.stderr.hasPrefix("Error: --author "), "\(run.stderr)")
        }
        #expect(folder.files.isEmpty)
    }

    // MARK: Streams

    @Test func validateReadsJSONLinesAsBatchDoes() throws {
        let histories = ReportGen.repository.appendingPathComponent("Tests/Batch")
        let season = try ReportGen.run(["validate", histories.appendingPathComponent("season.jsonl").path])
        #expect(season.status == 0, "\(season.stderr)")
        #expect(season.stdout.hasSuffix("season.jsonl: 3 of 3 jobs valid\n"))
        let mixed = try ReportGen.run(["validate", "-"], stdin: try Data(contentsOf: histories.appendingPathComponent("mixed-bad.jsonl")))
        #expect(mixed.status == 65)
        #expect(mixed.stdout.hasSuffix("standard input: 2 of 5 jobs valid\n"))
        #expect(mixed.stderr.contains("error: entry 3 (line 4, id \"bad-rate\"): $.sprayRate.value: must be greater than 0, got -200"), "\(mixed.stderr)")
    }

    /// True under AddressSanitizer (docs/hardening.md runs the suite with ASAN_OPTIONS set): its
    /// quarantine keeps up to 256 MB of freed memory, so resident memory says nothing there.
    static let underAddressSanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil

    /// 200 MB of blank lines before the first entry, on standard input: read in flat memory.
    @Test(.enabled(if: !underAddressSanitizer, "AddressSanitizer's quarantine holds freed memory"),
          arguments: [["validate", "-"], ["batch", "-", "-o", "reports"]])
    func blankLinesBeforeTheFirstEntryTakeNoMemory(arguments: [String]) throws {
        let folder = try ScratchFolder()
        let line = try String(contentsOfFile: ReportGen.repository.appendingPathComponent("Tests/Batch/season.jsonl").path, encoding: .utf8)
            .split(separator: "\n")[0]
        // A parent of its own, so the peak resident memory read is report-gen's alone.
        let script = """
            import resource, subprocess, sys
            child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=sys.argv[1])
            blank = b"\\n" * (1 << 20)
            for _ in range(200): child.stdin.write(blank)
            child.stdin.write(sys.stdin.buffer.read()); child.stdin.close()
            print(child.wait(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let run = try ReportGen.run(program: "/usr/bin/python3", ["-c", script, folder.url.path, ReportGen.binary.path] + arguments,
                                    stdin: Data((line + "\n").utf8))
        let fields = run.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(fields.count == 2, "\(run.stdout) \(run.stderr)")
        #expect(fields.first == 0, "the entry after the blank lines is read")
        #expect((fields.last ?? .max) < 100 * 1024, "peak memory \(fields.last ?? 0) KB for 200 MB of blank lines")
    }
}
