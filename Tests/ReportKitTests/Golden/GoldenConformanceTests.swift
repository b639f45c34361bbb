import Foundation
import Testing
import CLITestSupport
@testable import ReportKit

/// Every golden report is PDF/A-3b and PDF/UA-1 by the rules scripts/check-pdf-standard.py checks
/// (each named by its clause and Matterhorn checkpoint), reads cleanly in qpdf and poppler, and
/// gives the same text as the plain PDF: finishing adds conformance, never changes what is read.
@Suite("Golden reports: PDF/A-3b and PDF/UA-1", .enabled(if: TestRun.isFull, TestRun.slow))
struct GoldenConformanceTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/check-pdf-standard.py").path

    @Test("every golden passes the PDF/A-3b and PDF/UA-1 rules")
    func everyGoldenConforms() throws {
        let paths = GoldenCase.all.map(\.expectedPath)
        let result = try Tool.run(["python3", Self.checker] + paths)
        #expect(result.status == 0, "\(result.text)")
    }

    @Test("the checker finds the rules a plain PDF breaks", arguments: [GoldenCase.all[0], GoldenCase.all.first { $0.template == "tank-card" }!])
    func plainPDFBreaksTheRules(_ golden: GoldenCase) throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.pdf").path
        try OutputFile.write(try golden.render(standard: .none), to: plain)
        let result = try Tool.run(["python3", Self.checker, "--json", plain])
        #expect(result.status == 1)
        let failed = Set((try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: [String]])?[plain] ?? [])
        for rule in ["PDF/A-3 6.2.3", "PDF/A-3 6.6.2.1, PDF/UA-1 7.1 (Matterhorn 06-001)",
                     "PDF/UA-1 7.1 (ISO 32000-1 14.8.4.2)", "PDF/UA-1 7.1 (Matterhorn 01-005)", "PDF/UA-1 7.3 (Matterhorn 13-004)"] {
            #expect(failed.contains(rule), "\(golden.name): the plain PDF should fail \(rule)")
        }
    }

    /// PDF/A-3 6.2.11.5, checked with fontTools reading the embedded programs: a width the font
    /// dictionary gives that the font program does not is found, in a simple CFF font (by its
    /// WinAnsi glyph name) and a CID-keyed one (by CID), on every series' golden.
    @Test("the checker finds a glyph width the font program does not have", arguments: GoldenCase.allSeries)
    func aWrongGlyphWidthIsFound(_ series: String) throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let changed = folder.appendingPathComponent("widths.pdf").path
        let golden = try #require(GoldenCase.all.first { $0.name == "pl-mix-four-products" })
        let widen = try Tool.run(["python3", "-c", """
            import pikepdf, sys
            pdf = pikepdf.open(sys.argv[1])
            for font in pdf.pages[0].Resources.Font.values():
                if font.Subtype == "/Type0":
                    font.DescendantFonts[0].W[1][1] = 900
                else:
                    font.Widths[5] = 900
            pdf.save(sys.argv[2])
            """, golden.expectedPath(series: series), changed])
        #expect(widen.status == 0)
        let result = try Tool.run(["python3", Self.checker, changed])
        #expect(result.status == 1)
        #expect(result.text.contains("6.2.11.5") && result.text.contains("(percent) is 900.000 wide") && result.text.contains("(cid0"), "\(result.text)")
    }

    @Test("qpdf --check is clean and poppler reads the structure without a warning", arguments: GoldenCase.all)
    func readsCleanly(_ golden: GoldenCase) throws {
        let check = try Tool.run(["qpdf", "--check", golden.expectedPath])
        #expect(check.status == 0 && check.text.contains("No syntax or stream encoding errors"), "\(golden.name): \(check.text)")
        let structure = try Tool.runCapturingErrors(["pdfinfo", "-struct", golden.expectedPath])
        #expect(structure.status == 0)
        #expect(!structure.errors.contains("Warning") && !structure.errors.contains("Error"), "\(golden.name): \(structure.errors)")
        #expect(structure.text.hasPrefix("Document\n"), "\(golden.name): the structure tree does not start with one Document")
    }

    /// A register's job facts reach the PDF as cells that span their products' rows (PDF/UA-1
    /// 7.5): poppler reads /RowSpan on them, and each row they span holds only its own cells.
    @Test("a register's spanning cells are TDs with /RowSpan", arguments: GoldenCase.all.filter { $0.template == "spray-register" })
    func spanningCellsCarryTheirRowSpan(_ golden: GoldenCase) throws {
        let lines = try Tool.run(["pdfinfo", "-struct", golden.expectedPath]).text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Per body row: its cells, and the row spans among them.
        var rows: [(cells: Int, spans: [Int])] = []
        var inBody = false
        for line in lines {
            if line == "TBody" { inBody = true } else if line == "THead" || line == "TFoot" { inBody = false }
            guard inBody else { continue }
            if line == "TR" { rows.append((0, [])) }
            if line.hasPrefix("TD"), !rows.isEmpty { rows[rows.count - 1].cells += 1 }
            if line.hasPrefix("/RowSpan "), let span = Int(line.dropFirst("/RowSpan ".count)), !rows.isEmpty { rows[rows.count - 1].spans.append(span) }
        }
        let spanning = rows.indices.filter { !rows[$0].spans.isEmpty }
        #expect(!spanning.isEmpty, "\(golden.name): no cell spans rows")
        for first in spanning {
            let span = rows[first].spans.max() ?? 1
            #expect(rows[first].spans.allSatisfy { $0 == span }, "\(golden.name): one job's cells span different rows")
            for next in (first + 1)..<min(rows.count, first + span) {
                #expect(rows[next].cells == rows[first].cells - rows[first].spans.count,
                        "\(golden.name): row \(next) has \(rows[next].cells) cells beside \(rows[first].spans.count) spanning ones")
            }
        }
    }

    /// The first golden of each template: poppler's `-struct-text` resolves every element's
    /// marked content on its page (about a second a page of a large report, 24 s for every
    /// golden, so once per template, where the structure's kinds differ).
    static let onePerTemplate = GoldenCase.all.reduce(into: [GoldenCase]()) { chosen, golden in
        if !chosen.contains(where: { $0.template == golden.template }) { chosen.append(golden) }
    }

    @Test("poppler finds every element's marked content", arguments: onePerTemplate)
    func markedContentResolves(_ golden: GoldenCase) throws {
        let structure = try Tool.runCapturingErrors(["pdfinfo", "-struct-text", golden.expectedPath])
        #expect(structure.status == 0)
        #expect(!structure.errors.contains("Warning") && !structure.errors.contains("Error"), "\(golden.name): \(structure.errors)")
        #expect(structure.text.hasPrefix("Document\n"))
    }

    @Test("finishing changes no word nor its order", arguments: GoldenCase.all)
    func sameTextAsThePlainPDF(_ golden: GoldenCase) throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.pdf").path
        try OutputFile.write(try golden.render(standard: .none), to: plain)
        let finishedText = try Tool.run(["pdftotext", "-layout", golden.expectedPath, "-"]).text
        let plainText = try Tool.run(["pdftotext", "-layout", plain, "-"]).text
        #expect(finishedText == plainText, "\(golden.name): the text read from the finished PDF differs from the plain one")
    }

    @Test("each golden carries its input byte for byte, its record and its plan", arguments: GoldenCase.all)
    func carriesItsInput(_ golden: GoldenCase) throws {
        let attachments = try PDFAttachmentReader.attachments(inFile: golden.expectedPath)
        let input = [UInt8](try Data(contentsOf: URL(fileURLWithPath: golden.inputPath)))
        let sources = attachments.filter { $0.relationship == .source }
        #expect(sources.count == 1)
        if ["history-summary", "spray-register"].contains(golden.template) {
            #expect(sources.first?.bytes == input, "\(golden.name): the cover carries its history as read")
            #expect(attachments.map(\.name) == ["history.json", "record.json"], "\(golden.name): and the record of its jobs")
        } else {
            #expect(attachments.map(\.name) == ["job.json", "record.json", "plan.json"])
            #expect(attachments.map(\.relationship) == [.source, .data, .supplement])
            // A single job is carried as read; the app's history of one entry, as that entry.
            if case .job = try JobDecoder.decodeDocument(input) { #expect(sources.first?.bytes == input) }
            let plan = try #require(attachments.first { $0.relationship == .supplement })
            #expect(plan.mediaType == "application/json")
            #expect(String(decoding: plan.bytes, as: UTF8.self).contains("\"loads\""))
            let record = try #require(attachments.first { $0.relationship == .data })
            #expect(String(decoding: record.bytes, as: UTF8.self).hasPrefix("{\"format\": \"reportkit-record/3\""))
        }
    }
}
