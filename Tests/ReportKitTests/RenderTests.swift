import Foundation
import Testing
@testable import ReportKit

/// Real Cairo/Pango output, checked with the tools a user would use on it.
@Suite("PDF and PNG rendering")
final class RenderTests {
    private let engine: PangoTextEngine
    private let document: LaidOutDocument
    private let pdf: [UInt8]
    private let folder: URL

    init() throws {
        engine = try #require(sharedEngine, "the Inter and DejaVu fonts must be installed (scripts/setup.sh)")
        document = try SampleDocuments.document(rows: 300, engine: engine)
        pdf = try PDFRenderer(text: engine).render(document)
        folder = try Tool.temporaryDirectory()
        try OutputFile.write(pdf, to: folder.appendingPathComponent("sample.pdf").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private var path: String { folder.appendingPathComponent("sample.pdf").path }

    @Test func theSameInputGivesTheSameBytes() throws {
        let again = try PDFRenderer(text: engine).render(try SampleDocuments.document(rows: 300, engine: engine))
        #expect(again == pdf)
        let freshEngine = try PangoTextEngine()
        #expect(try PDFRenderer(text: freshEngine).render(document) == pdf, "a new engine in the same process gives the same bytes")
    }

    @Test func qpdfFindsNoErrors() throws {
        let check = try Tool.run(["qpdf", "--check", path])
        #expect(check.status == 0, "\(check.text)")
        #expect(check.text.contains("No syntax or stream encoding errors found"))
    }

    @Test func fontsAreEmbeddedAndSubset() throws {
        let fonts = try Tool.run(["pdffonts", path]).text.split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for line in fonts {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(line.contains("+Inter-"), "only Inter: \(line)")
            #expect(columns.suffix(5).prefix(2) == ["yes", "yes"], "embedded and subset: \(line)")
        }
    }

    @Test func textExtractsInReadingOrderWithPolishLetters() throws {
        let text = try Tool.run(["pdftotext", "-f", "1", "-l", "1", path, "-"]).text
        let expected = ["Raport oprysku — Działka 12", "Zażółć gęślą jaźń", "Ciecz użytkowa: środek ochrony roślin",
                        "Napełnienia", "Zbiornik", "Napełnienie 1", "Napełnienie 2", "Strona 1 z \(document.pages.count)"]
        var cursor = text.startIndex
        for phrase in expected {
            let found = text.range(of: phrase, range: cursor..<text.endIndex)
            #expect(found != nil, "\"\(phrase)\" missing or out of order in:\n\(text.prefix(400))")
            if let found { cursor = found.upperBound }
        }
        let last = try Tool.run(["pdftotext", "-f", "\(document.pages.count)", "-l", "\(document.pages.count)", path, "-"]).text
        #expect(last.contains("Napełnienie 300") && last.contains("Razem"))
    }

    @Test func metadataOutlineLinksAndTagsAreWritten() throws {
        let info = try Tool.run(["pdfinfo", path]).text
        func field(_ name: String) -> String? {
            info.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        #expect(field("Title") == "Raport oprysku")
        #expect(field("Author") == "Wojciech Olszak")
        #expect(field("Subject") == "Działka 12")
        #expect(field("Creator") == "report-gen")
        #expect(field("CreationDate") == "Tue Apr 14 05:30:00 2026 UTC")
        #expect(field("Tagged") == "yes")
        #expect(field("Pages") == "\(document.pages.count)")
        #expect(field("Page size") == "595.276 x 841.89 pts (A4)")
        let json = try Tool.run(["qpdf", "--json", "--json-key=outlines", path]).text
        #expect(json.contains("\"title\": \"Podsumowanie\"") && json.contains("\"title\": \"Napełnienia\""))
        let uncompressed = folder.appendingPathComponent("qdf.pdf").path
        _ = try Tool.run(["qpdf", "--qdf", "--object-streams=disable", path, uncompressed])
        let raw = String(decoding: try Data(contentsOf: URL(fileURLWithPath: uncompressed)), as: UTF8.self)
        #expect(raw.contains("/URI (https://example.org/rejestr)"))
        #expect(raw.contains("/Dest (loads)"), "the internal link points at its named destination")
        #expect(raw.contains("/Names") && raw.contains("(loads)"), "the destination is in the name tree")
        #expect(raw.contains("/StructTreeRoot") && raw.contains("/S /Table") && raw.contains("/S /H1") && raw.contains("/S /Link"))
        #expect(raw.contains("/Lang (pl)"))
    }

    @Test func aPNGMatchesThePDFAsPopplerDrawsIt() throws {
        let ours = try PNGRenderer(text: engine).raster(document.pages[0], dpi: 60)
        let ppm = try Tool.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "1", path])
        let poppler = try #require(Raster(ppm: ppm.stdout), "pdftoppm gave no PPM")
        let difference = try #require(ours.blurred(radius: 1).difference(from: poppler.blurred(radius: 1)),
                                      "sizes differ: \(ours.width)×\(ours.height) against \(poppler.width)×\(poppler.height)")
        let differenceLimit = 0.005
        // Sub-pixel glyph placement differs a little between cairo and poppler (measured: 0.03 %
        // of pixels after the blur); a line breaking differently or a shape moving is far more.
        #expect(difference.share < differenceLimit, "\(difference.differing) pixels differ, within \(String(describing: difference.bounds))")
        if difference.share >= differenceLimit, let diff = ours.blurred(radius: 1).differenceImage(against: poppler.blurred(radius: 1)) {
            try FileManager.default.createDirectory(at: GoldenCase.artifacts, withIntermediateDirectories: true)
            let image = GoldenCase.artifacts.appendingPathComponent("png-vs-pdftoppm.png").path
            try OutputFile.write(try diff.png(), to: image)
            Issue.record("the difference is drawn in \(image)")
        }
    }

    @Test func pngImagesAreEmbeddedAtTheirPlace() throws {
        // A 40×20 red image, made with the renderer's own PNG encoder.
        let red = Raster(width: 40, height: 20, rgb: Array(repeating: [220, 30, 30], count: 800).flatMap { $0 })
        let image = try Image(png: try red.png(), maximumWidth: 80)
        let pages = try Paginator.paginate(VStack([Text("Obraz", style: SampleDocuments.body), image]),
                                           template: PageTemplate(), text: engine)
        let pdf = folder.appendingPathComponent("image.pdf").path
        try OutputFile.write(try PDFRenderer(text: engine).render(LaidOutDocument(pages: pages)), to: pdf)
        let list = try Tool.run(["pdfimages", "-list", pdf]).text.split(separator: "\n").dropFirst(2)
        #expect(list.count == 1)
        #expect(list.first?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).prefix(2) == ["40", "20"])
        let raster = try PNGRenderer(text: engine).raster(pages[0], dpi: 72)
        let below = (Int(40 + 14 + 20) * raster.width + 40 + 40) * 3   // inside the image, below the text line
        #expect(Array(raster.rgb[below..<(below + 3)]) == [220, 30, 30])
    }

    @Test func pngOutputIsAPNG() throws {
        let png = try PNGRenderer(text: engine).render(document.pages[0], dpi: 30)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func theCreationDateComesFromTheCallerOrSourceDateEpoch() {
        let fixed = DocumentInfo(creationDate: Date(timeIntervalSince1970: 10))
        #expect(fixed.resolvedCreationDate(environment: ["SOURCE_DATE_EPOCH": "99"]) == Date(timeIntervalSince1970: 10))
        #expect(DocumentInfo().resolvedCreationDate(environment: ["SOURCE_DATE_EPOCH": "99"]) == Date(timeIntervalSince1970: 99))
        #expect(DocumentInfo().resolvedCreationDate(environment: [:]) == nil)
        #expect(PDFWriter.pdfDate(Date(timeIntervalSince1970: 1_776_144_600)) == "2026-04-14T05:30:00Z")
    }
}

@Suite("Fonts and output files")
struct FontAndOutputTests {
    @Test func aMissingFontFileIsAClearError() {
        let fonts = FontSet(family: "Inter", files: ["/nonexistent/Inter-Regular.otf"])
        #expect(throws: RenderError("font file /nonexistent/Inter-Regular.otf is missing or unreadable; install it or configure other fonts", code: "render.fonts")) {
            try PangoTextEngine(fonts: fonts)
        }
    }

    @Test func aFamilyNotInTheFilesIsAClearErrorNotAFallback() {
        let fonts = FontSet(family: "Comic Sans MS", files: FontSet.inter.files)
        #expect(throws: RenderError.self) { try PangoTextEngine(fonts: fonts) }
    }

    @Test func writesAtomicallyAndLeavesNothingBehindOnFailure() throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.pdf").path
        try OutputFile.write(Array("first".utf8), to: target)
        try OutputFile.write(Array("second".utf8), to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.pdf"], "no temporary files left")

        let refused = #expect(throws: OutputError.self) { try OutputFile.write([1], to: folder.path) }
        #expect(refused?.message == "\(folder.path) is a directory; expected a file name")
        #expect(throws: OutputError.self) { try OutputFile.write([1], to: folder.path + "/missing/out.pdf") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.pdf"])
    }

    /// A batch flushes its files in groups (one syncfs for many) and then names each: every file
    /// ends whole under its name, a file already there is kept, no temporary file is left.
    @Test func filesFlushedTogetherAreCommittedWholeUnderTheirNames() throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try OutputFile.write(Array("earlier".utf8), to: path("kept.pdf"))
        let names = ["a.pdf", "b.pdf", "c.pdf", "kept.pdf"]
        var files = try names.map { name in
            let file = try StagedFile(for: path(name))
            try file.append(Array(String(repeating: name, count: 1_000).utf8))
            return file
        }
        StagedFile.flushTogether(files)
        #expect(try files.map { try $0.commit(replacing: false) } == [true, true, true, false])
        for name in names.dropLast() {
            #expect(try String(contentsOfFile: path(name), encoding: .utf8) == String(repeating: name, count: 1_000))
        }
        #expect(try String(contentsOfFile: path("kept.pdf"), encoding: .utf8) == "earlier")
        files.removeAll()  // the file not committed removes its temporary file when dropped
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    }
}
