import CLITestSupport
import Foundation
import Testing

/// `report-gen batch`, run as a user would: every history format, bad entries, hostile names,
/// thread counts, the combined document, existing files and interruption.
@Suite("report-gen batch")
struct BatchCLITests {
    static let histories = ReportGen.repository.appendingPathComponent("Tests/Batch")
    static func history(_ name: String) -> String { histories.appendingPathComponent(name).path }

    static let v1Names = ["0001_2026-04-14_Działka-12_2026-spring-01.pdf", "0002_2026-07-02_North-80_2026-summer-02.pdf",
                          "0003_2026-05-06_Block-3_2026-may-03.pdf"]

    @Test(arguments: [
        ("app-history.json", ["0001_2026-04-14_6F1C2B7A-3D4E-4F50-9A8B-1C2D3E4F5A6B.pdf", "0002_2026-04-15_0B9E2D41-7C1A-4C8E-8F0D-5A6B7C8D9E0F.pdf",
                              "0003_2026-04-16_A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D.pdf"]),
        ("v1-array.json", v1Names), ("v1-wrapped.json", v1Names), ("season.jsonl", v1Names),
    ])
    func eachHistoryFormatWritesOnePDFPerJob(file: String, names: [String]) throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["batch", Self.history(file), "-o", folder.path("reports")])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "standard error is not a terminal: nothing but errors, and there are none")
        #expect(try Self.files(in: folder.path("reports")) == names)
        for name in names {
            let info = try toolOutput(["pdfinfo", folder.path("reports/\(name)")])
            #expect(info.contains("Pages:") && info.contains("Tagged:          yes"), "\(name) is a complete PDF")
        }
    }

    @Test func standardInputIsReadAsAStream() throws {
        let folder = try ScratchFolder()
        let lines = try Data(contentsOf: URL(fileURLWithPath: Self.history("season.jsonl")))
        let run = try ReportGen.run(["batch", "-", "-o", folder.url.path], stdin: lines)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.files == Self.v1Names)
    }

    @Test func badEntriesAreReportedAndTheOthersWritten() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["batch", Self.history("mixed-bad.jsonl"), "-o", folder.url.path])
        #expect(run.status == 65)
        #expect(folder.files == ["0001_2026-04-14_Działka-12_2026-spring-01.pdf", "0005_2026-07-02_North-80_2026-summer-02.pdf"])
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.first { $0.hasPrefix("error: entry 2 (line 2): $.field: invalid JSON at column") } != nil, "\(errors)")
        #expect(errors.contains("error: entry 3 (line 4, id \"bad-rate\"): $.sprayRate.value: must be greater than 0, got -200"), "\(errors)")
        #expect(errors.contains("error: entry 4 (line 5): $: expected a spray job (an object), found an array"), "\(errors)")
    }

    @Test func failFastStopsAtTheFirstBadEntry() throws {
        let folder = try ScratchFolder()
        let run = try ReportGen.run(["batch", Self.history("mixed-bad.jsonl"), "-o", folder.url.path, "--fail-fast", "--jobs", "1"])
        #expect(run.status == 65)
        #expect(folder.files == ["0001_2026-04-14_Działka-12_2026-spring-01.pdf"])
        #expect(run.stderr.contains("entry 2 (line 2)") && run.stderr.contains("--fail-fast"))
        #expect(!run.stderr.contains("entry 4"))
    }

    @Test func hostileJobDataMakesSafeUniqueNames() throws {
        let folder = try ScratchFolder()
        let reports = folder.path("reports")
        let run = try ReportGen.run(["batch", Self.history("hostile-names.json"), "-o", reports])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.files == ["reports"], "nothing is written outside the folder")
        let names = try Self.files(in: reports)
        #expect(names == [
            "0001_2026-04-14_outside_etc-passwd.pdf",
            "0002_2026-04-14_absolute-path_a-b-c.pdf",
            "0003_2026-04-14_Pole-bardzo-długie-bardzo-długie-bardzo-długie-bardzo-dł_" + String(repeating: "x", count: 60) + ".pdf",
            "0004_2026-04-14_Łąka-za-stodołą-część-południowa_Żółta-łąka.pdf",
            "0005_2026-04-14_Field-North-1.pdf",
            "0006_2026-04-14_Same_dup.pdf",
            "0007_2026-04-14_Same_dup.pdf",
        ])
        for name in names {
            #expect(name.utf8.count <= 255 && !name.hasPrefix(".") && !name.contains("/") && !name.contains(".."))
        }
    }

    @Test func theSameBytesWithOneOrTwoJobs() throws {
        let folder = try ScratchFolder()
        let input = Self.history("v1-array.json")
        for jobs in ["1", "2"] {
            let files = try ReportGen.run(["batch", input, "-o", folder.path("files-\(jobs)"), "--jobs", jobs])
            let combined = try ReportGen.run(["batch", input, "--combined", folder.path("combined-\(jobs).pdf"), "--jobs", jobs])
            #expect(files.status == 0 && combined.status == 0)
        }
        for name in Self.v1Names {
            #expect(try Self.bytes(folder.path("files-1/\(name)")) == (try Self.bytes(folder.path("files-2/\(name)"))), "\(name)")
        }
        #expect(try Self.bytes(folder.path("combined-1.pdf")) == (try Self.bytes(folder.path("combined-2.pdf"))))
    }

    @Test func existingFilesAreKeptUnlessOverwrite() throws {
        let folder = try ScratchFolder()
        let input = Self.history("season.jsonl")
        #expect(try ReportGen.run(["batch", input, "-o", folder.url.path]).status == 0)
        let kept = folder.path(Self.v1Names[1])
        try Data("an older report".utf8).write(to: URL(fileURLWithPath: kept))
        let again = try ReportGen.run(["batch", input, "-o", folder.url.path])
        // Every kept file is said, whoever reads standard error: a script must know.
        let keptLines = again.stderr.split(separator: "\n").filter { $0.contains("already there and kept (--overwrite replaces it)") }
        #expect(again.status == 0 && keptLines.count == Self.v1Names.count && again.stderr.contains(kept), "\(again.stderr)")
        #expect(try Self.bytes(kept) == Data("an older report".utf8))
        let replaced = try ReportGen.run(["batch", input, "-o", folder.url.path, "--overwrite"])
        #expect(replaced.status == 0)
        #expect(try Self.bytes(kept).starts(with: Data("%PDF-".utf8)))
        #expect(folder.files == Self.v1Names, "no temporary file is left")
    }

    @Test func theCombinedDocumentHasACoverLinksOutlineAndPageNumbers() throws {
        let folder = try ScratchFolder()
        let combined = folder.path("season.pdf")
        let run = try ReportGen.run(["batch", Self.history("v1-array.json"), "--combined", combined, "--locale", "en"])
        #expect(run.status == 0, "\(run.stderr)")
        // Each job's own report, to know its length.
        #expect(try ReportGen.run(["batch", Self.history("v1-array.json"), "-o", folder.path("single"), "--locale", "en"]).status == 0)
        let jobPages = try Self.v1Names.map { try Self.pageCount(folder.path("single/\($0)")) }
        let total = try Self.pageCount(combined)
        #expect(total == 1 + jobPages.reduce(0, +), "a one-page cover, then every job's pages")

        // The outline: the cover's heading, then one entry per job, in order.
        let outline = try JSONSerialization.jsonObject(with: Data(try toolOutput(["qpdf", "--json", "--json-key=outlines", combined]).utf8))
        let entries = ((outline as? [String: Any])?["outlines"] as? [[String: Any]]) ?? []
        let titles = entries.compactMap { $0["title"] as? String }
        #expect(titles == ["Spray history", "1 · 14 April 2026 · Działka 12", "2 · 2 July 2026 · North 80", "3 · 6 May 2026 · Block 3"])

        // Each job starts where the cover says, and the cover's rows link there.
        let destinations = try toolOutput(["pdfinfo", "-dests", combined])
        var firstPage = 2
        let cover = try toolOutput(["pdftotext", "-f", "1", "-l", "1", "-layout", combined, "-"])
        for (index, pages) in jobPages.enumerated() {
            let line = destinations.split(separator: "\n").first { $0.hasSuffix("\"job-\(index + 1)\"") }
            #expect(line.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(firstPage) ") } == true, "job \(index + 1): \(String(describing: line))")
            #expect(cover.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(index + 1) ") && $0.hasSuffix(" \(firstPage)") },
                    "the cover's line for job \(index + 1) gives its first page, \(firstPage):\n\(cover)")
            firstPage += pages
        }
        let raw = folder.path("qdf.pdf")
        _ = try toolOutput(["qpdf", "--qdf", "--object-streams=disable", combined, raw])
        let text = String(decoding: try Self.bytes(raw), as: UTF8.self)
        for number in 1...3 { #expect(text.contains("/Dest (job-\(number))"), "the cover links to job \(number)") }

        // Page numbers run across the whole document.
        let lastPage = try toolOutput(["pdftotext", "-f", "\(total)", "-l", "\(total)", combined, "-"])
        #expect(lastPage.contains("Page \(total) of \(total)"))
    }

    @Test func aCombinedDocumentLeavesOutBadEntriesAndIsNotMadeOfNone() throws {
        let folder = try ScratchFolder()
        let mixed = try ReportGen.run(["batch", Self.history("mixed-bad.jsonl"), "--combined", folder.path("mixed.pdf")])
        #expect(mixed.status == 65)
        #expect(try Self.pageCount(folder.path("mixed.pdf")) >= 3, "the cover and the two good jobs")
        let bad = try folder.write("[{\"version\": 1}, 42]", to: "bad.json")
        let none = try ReportGen.run(["batch", bad, "--combined", folder.path("none.pdf")])
        #expect(none.status == 65)
        #expect(none.stderr.contains("entry 1") && none.stderr.contains("entry 2") && none.stderr.contains("no document was written"))
        #expect(!folder.files.contains("none.pdf"))
    }

    @Test func usageAndSetupErrors() throws {
        let folder = try ScratchFolder()
        let input = Self.history("season.jsonl")
        #expect(try ReportGen.run(["batch", input]).status == 64)
        #expect(try ReportGen.run(["batch", input, "-o", folder.url.path, "--combined", folder.path("a.pdf")]).status == 64)
        #expect(try ReportGen.run(["batch", input, "-o", folder.url.path, "--jobs", "0"]).status == 64)
        let file = try folder.write("x", to: "file")
        let notAFolder = try ReportGen.run(["batch", input, "-o", file])
        #expect(notAFolder.status == 73 && notAFolder.stderr.contains("is a file"))
        let cover = try ReportGen.run(["batch", input, "-o", folder.path("out"), "--template", "history-summary"])
        #expect(cover.status == 65 && cover.stderr.contains("one report per job"))
        let missing = try ReportGen.run(["batch", folder.path("nothing.json"), "-o", folder.path("out")])
        #expect(missing.status == 66 && missing.stderr.contains("no such file"))
        let broken = try folder.write("[{\"version\": 1,", to: "broken.json")
        let invalid = try ReportGen.run(["batch", broken, "-o", folder.path("out")])
        #expect(invalid.status == 65 && invalid.stderr.contains("invalid JSON at line 1"))
        #expect(try Self.files(in: folder.path("out")).isEmpty)
    }

    @Test(arguments: FaultTests.terminatingSignals)
    func aSignalKeepsFinishedFilesAndLeavesNoPartialOne(signal: Int32, status: Int32) throws {
        let folder = try ScratchFolder()
        let line = try String(contentsOfFile: Self.history("season.jsonl"), encoding: .utf8).split(separator: "\n")[0]
        let history = try folder.write(String(repeating: line + "\n", count: 2_000), to: "long.jsonl")
        let reports = folder.path("reports")
        let process = Process()
        process.executableURL = ReportGen.binary
        process.arguments = ["batch", history, "-o", reports, "--jobs", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until some reports are written, then interrupt.
        let deadline = Date().addingTimeInterval(60)
        while (try? Self.files(in: reports).count) ?? 0 < 5, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        let all = try FileManager.default.contentsOfDirectory(atPath: reports)
        #expect(all.allSatisfy { !$0.hasPrefix(".") }, "no temporary file remains: \(all.filter { $0.hasPrefix(".") })")
        #expect(all.count >= 5 && all.count < 2_000)
        for name in all {
            let bytes = try Self.bytes(reports + "/" + name)
            #expect(bytes.starts(with: Data("%PDF-".utf8)) && String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF"), "\(name) is whole")
        }
    }

    @Test(arguments: FaultTests.terminatingSignals)
    func aSignalDuringACombinedDocumentLeavesNoFile(signal: Int32, status: Int32) throws {
        let folder = try ScratchFolder()
        let line = try String(contentsOfFile: Self.history("season.jsonl"), encoding: .utf8).split(separator: "\n")[0]
        let history = try folder.write(String(repeating: line + "\n", count: 3_000), to: "long.jsonl")
        let process = Process()
        process.executableURL = ReportGen.binary
        process.arguments = ["batch", history, "--combined", folder.path("all.pdf")]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first pass has begun: the history is open.
        #expect(ChildProcess.wait { ChildProcess.hasOpen(process.processIdentifier, history) }, "report-gen reads the history")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        #expect(folder.files == ["long.jsonl"], "neither the document nor a temporary file")
    }

    // MARK: Helpers

    static func files(in folder: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func pageCount(_ path: String) throws -> Int {
        let info = try toolOutput(["pdfinfo", path])
        return info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// One document, one language: a Polish job first makes the whole combined season Polish
    /// (cover and every job's pages), unless --locale says otherwise.
    @Test func aCombinedDocumentIsInOneLanguage() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["batch", Self.history("season.jsonl"), "--combined", folder.path("season.pdf"), "--quiet"]).status == 0)
        let text = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path("season.pdf"), "-"]).stdout
        #expect(text.contains("Strona 1 z") && !text.contains("Page 1 of") && !text.contains("Spray report"), "\(text.prefix(300))")
        #expect(try ReportGen.run(["batch", Self.history("season.jsonl"), "--combined", folder.path("en.pdf"), "--locale", "en", "--quiet"]).status == 0)
        let english = try ReportGen.run(program: "/usr/bin/env", ["pdftotext", folder.path("en.pdf"), "-"]).stdout
        #expect(english.contains("Page 1 of") && !english.contains("Strona"))
    }
}
