import CLITestSupport
import Foundation
import Testing

/// `extract` and every command that reads a report, given PDFs from other people's phones: made
/// here with hostile attachment names, counts and sizes (``HostilePDF``), into folders that
/// already hold the user's files, links and pipes.
@Suite("Untrusted PDFs", .enabled(if: TestRun.isFull, TestRun.slow))
struct UntrustedPDFTests {
    static func text(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    @Test func extractAllNeverReplacesNorDeletesTheUsersFiles() throws {
        let folder = try ScratchFolder()
        let home = folder.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        _ = try folder.write("my notes", to: "home/notes.txt")
        let longName = String(repeating: "ż", count: 125) + ".json"  // 250 bytes before the extension
        try HostilePDF(attachments: [.init(name: "notes.txt", bytes: Array("theirs".utf8)), .init(name: longName)])
            .write(to: folder.path("evil.pdf"))

        let run = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "-o", home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.text(folder.path("home/notes.txt")) == "my notes")
        #expect(run.stderr.contains("notes.txt already there and kept"), "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: home)
        #expect(files.count == 2, "\(files)")
        #expect(files.allSatisfy { $0.utf8.count <= 240 && !$0.hasPrefix(".") }, "\(files)")

        // With --overwrite the user asked for it: replaced whole, nothing else touched.
        let again = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "--overwrite", "-o", home])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.text(folder.path("home/notes.txt")) == "theirs")
    }

    @Test func aLinkInTheFolderIsNeverFollowedOutOfIt() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("inbox"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("outside"), withIntermediateDirectories: true)
        _ = try folder.write("victim's data", to: "outside/victim")
        try FileManager.default.createSymbolicLink(atPath: folder.path("inbox/job.json"), withDestinationPath: "../outside/victim")
        try FileManager.default.createSymbolicLink(atPath: folder.path("inbox/plan.json"), withDestinationPath: "../outside/new-file")
        try HostilePDF(attachments: [.init(name: "job.json", bytes: Array("attacker".utf8)), .init(name: "plan.json")])
            .write(to: folder.path("evil.pdf"))

        let run = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "-o", folder.path("inbox")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.text(folder.path("outside/victim")) == "victim's data")
        #expect(!FileManager.default.fileExists(atPath: folder.path("outside/new-file")))
        #expect(Self.isLink(folder.path("inbox/job.json")) && Self.isLink(folder.path("inbox/plan.json")))

        // --overwrite replaces the link itself, never what it leads to.
        let again = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "--overwrite", "-o", folder.path("inbox")])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.text(folder.path("outside/victim")) == "victim's data")
        #expect(!FileManager.default.fileExists(atPath: folder.path("outside/new-file")))
        #expect(!Self.isLink(folder.path("inbox/job.json")) && Self.text(folder.path("inbox/job.json")) == "attacker")
    }

    @Test func aPipeInTheFolderNeitherHangsNorIsReplaced() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("inbox"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("inbox/job.json"), 0o644) == 0)
        try HostilePDF(attachments: [.init(name: "job.json")]).write(to: folder.path("evil.pdf"))

        let kept = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "-o", folder.path("inbox")])
        #expect(kept.status == 0 && kept.stderr.contains("already there and kept"), "\(kept.stderr)")
        let refused = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "--overwrite", "-o", folder.path("inbox")])
        #expect(refused.status == 73 && refused.stderr.contains("named pipe"), "\(refused.stderr)")
        #expect(OutputSafetyTests.type(folder.path("inbox/job.json")) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("inbox")) == ["job.json"])
    }

    @Test func namesThatCollideAfterCleaningAllArriveUnderTheirOwnNames() throws {
        let folder = try ScratchFolder()
        let names = ["a/b.json", "a\\b.json", "a_b.json", "..hidden", ".hidden", "hidden", "x\ny.txt", "x\u{1B}]0;title\u{07}y.txt"]
        try HostilePDF(attachments: names.enumerated().map { .init(name: $1, bytes: Array("\($0)".utf8)) }).write(to: folder.path("evil.pdf"))

        let run = try ReportGen.run(["extract", folder.path("evil.pdf"), "--all", "-o", folder.path("out")])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
        #expect(files.count == names.count, "\(files)")
        let contents = Set(files.compactMap { Self.text(folder.path("out/\($0)")) })
        #expect(contents == Set(names.indices.map(String.init)))
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(run.stderr)")
    }

    @Test func theListingEscapesControlCharactersAndCannotBeFaked() throws {
        let folder = try ScratchFolder()
        try HostilePDF(attachments: [.init(name: "job.json\tsource\t2 bytes\t\nfake.json"), .init(name: "\u{1B}[2Jclear\u{202E}txt.exe")])
            .write(to: folder.path("evil.pdf"))
        let run = try ReportGen.run(["extract", folder.path("evil.pdf"), "--list"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(run.stdout)")
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{202E}"))
        #expect(run.stdout.contains("\\u{A}fake.json") && run.stdout.contains("\\u{1B}[2Jclear"), "\(run.stdout)")
    }

    @Test func aStreamLargerThanTheLimitIsRefusedBeforeItIsCopied() throws {
        let folder = try ScratchFolder()
        // 300 MiB declared and present, as a hole: 8 KB on disk.
        try HostilePDF(attachments: [.init(name: "job.json", sparseLength: 300 << 20)]).write(to: folder.path("sparse.pdf"))
        // Under a 700 MB address-space limit a copy of the stream (or two) cannot be made.
        for arguments in [["extract", "sparse.pdf", "-o", "job.json"], ["extract", "sparse.pdf", "--list"], ["validate", "sparse.pdf"]] {
            let run = try ReportGen.run(program: "/bin/sh", ["-c", "ulimit -v 700000 && exec \"$0\" \"$@\"", ReportGen.binary.path] + arguments,
                                        in: folder.url)
            #expect([65, 66].contains(run.status), "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("report-gen reads at most"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("job.json")))
    }

    @Test func aPDFOnStandardInputIsBoundedToo() throws {
        let folder = try ScratchFolder()
        try HostilePDF(attachments: [.init(name: "job.json", sparseLength: 300 << 20)]).write(to: folder.path("sparse.pdf"))
        let run = try ReportGen.run(program: "/bin/sh", ["-c", "ulimit -v 1400000 && exec \"$0\" - -o out.pdf < sparse.pdf", ReportGen.binary.path],
                                    in: folder.url)
        #expect(run.status == 65, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("report-gen reads at most"), "\(run.stderr)")
    }

    @Test func tensOfThousandsOfAttachmentsAreListedWithinBounds() throws {
        let folder = try ScratchFolder()
        let count = 60_000
        try HostilePDF(attachments: (0..<count).map { .init(name: "f\($0)", bytes: []) }).write(to: folder.path("many.pdf"))
        let run = try ReportGen.run(program: "/bin/sh", ["-c", "ulimit -v 1000000 && exec \"$0\" extract many.pdf --list", ReportGen.binary.path],
                                    in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == count)
    }

    @Test func morePDFAttachmentsThanTheLimitAreRefusedBeforeAnyIsRead() throws {
        let folder = try ScratchFolder()
        try HostilePDF(attachments: (0..<100_001).map { .init(name: "f\($0)", bytes: []) }).write(to: folder.path("many.pdf"))
        let run = try ReportGen.run(["extract", folder.path("many.pdf"), "--list"])
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr.contains("100001 attached files") && run.stderr.contains("at most 100000"), "\(run.stderr)")
    }

    /// 17 KB that inflate to 16 MiB twenty times over (one stream, listed twenty times): every
    /// command refuses it, or lists it, under 256 MB of peak memory (GNU time's maximum resident
    /// set); it took 357 MB when every file was read and kept before the total was checked.
    @Test(arguments: [["extract", "bomb.pdf", "--list"], ["bomb.pdf", "-o", "out.pdf"], ["validate", "bomb.pdf"],
                      ["extract", "bomb.pdf", "--all", "-o", "all"], ["extract", "bomb.pdf", "-o", "job.json"], ["record", "bomb.pdf", "-o", "r.csv"]])
    func aSmallPDFThatInflatesToGigabytesStaysUnder256MB(_ arguments: [String]) throws {
        let folder = try ScratchFolder()
        let made = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", """
            import sys, zlib
            data = zlib.compress(bytes(16 * 1024 * 1024 - 1000), 9)
            body, offsets = bytearray(b"%PDF-1.7\\n"), []
            def obj(text, stream=b""):
                offsets.append(len(body))
                body.extend(b"%d 0 obj\\n" % len(offsets) + text.encode() + (b"\\nstream\\n" + stream + b"\\nendstream" if stream else b"") + b"\\nendobj\\n")
            obj("<< /Type /Catalog /Pages 2 0 R /AF [%s] >>" % " ".join(["4 0 R"] * 20))
            obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
            obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")
            obj("<< /Type /Filespec /F (job.json) /UF (job.json) /AFRelationship /Source /EF << /F 5 0 R >> >>")
            obj("<< /Type /EmbeddedFile /Filter /FlateDecode /Length %d >>" % len(data), data)
            xref = len(body)
            body.extend(b"xref\\n0 %d\\n0000000000 65535 f \\n" % (len(offsets) + 1) + b"".join(b"%010d 00000 n \\n" % o for o in offsets))
            body.extend(b"trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n" % (len(offsets) + 1, xref))
            open(sys.argv[1], "wb").write(body)
            """, folder.path("bomb.pdf")])
        #expect(made.status == 0, "\(made.stderr)")
        let run = try ReportGen.run(program: "/usr/bin/time", ["-f", "peak %M KB", ReportGen.binary.path] + arguments, in: folder.url)
        let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) }
        let kilobytes = try #require(peak, "\(run.stderr)")
        #expect(kilobytes < 256 * 1000, "\(arguments): \(kilobytes) KB at peak")
        if arguments.contains("--list") {
            #expect(run.status == 0 && run.stdout.split(separator: "\n").count == 20, "\(run.stdout) \(run.stderr)")
        } else {
            #expect(run.status != 0 && run.stderr.contains("in all"), "\(run.stderr)")
        }
    }

    /// A /AF list of 2,700,000 references in 16 MiB (the server's body limit): refused by its
    /// count, under 256 MB at peak (qpdf parses the list to count it: about 220 MB).
    @Test func aListOfMillionsOfAttachmentsIsRefusedUnder256MB() throws {
        let folder = try ScratchFolder()
        let made = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", """
            import sys
            body, offsets = bytearray(b"%PDF-1.7\\n"), []
            def obj(text):
                offsets.append(len(body))
                body.extend(b"%d 0 obj\\n" % len(offsets) + text + b"\\nendobj\\n")
            obj(b"<< /Type /Catalog /Pages 2 0 R /AF [" + b" ".join([b"4 0 R"] * 2700000) + b"] >>")
            obj(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
            obj(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")
            obj(b"<< /Type /Filespec /F (job.json) /AFRelationship /Source /EF << /F 5 0 R >> >>")
            obj(b"<< /Type /EmbeddedFile /Length 2 >>\\nstream\\n{}\\nendstream")
            xref = len(body)
            body.extend(b"xref\\n0 %d\\n0000000000 65535 f \\n" % (len(offsets) + 1) + b"".join(b"%010d 00000 n \\n" % o for o in offsets))
            body.extend(b"trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n" % (len(offsets) + 1, xref))
            open(sys.argv[1], "wb").write(body)
            """, folder.path("list.pdf")])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path("list.pdf"))[.size] as? Int ?? 0 <= 16 * 1024 * 1024)
        let run = try ReportGen.run(program: "/usr/bin/time", ["-f", "peak %M KB", ReportGen.binary.path, "list.pdf", "-o", "out.pdf"], in: folder.url)
        let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) }
        #expect(run.status == 65 && run.stderr.contains("2700000 attached files"), "\(run.stderr)")
        #expect(try #require(peak) < 256 * 1000, "\(peak ?? 0) KB at peak")
    }
}
