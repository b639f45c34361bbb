import Foundation
import Testing
@testable import ReportKit

/// The finishing stage's model of a PDF: values read and written back the same, cairo's file read
/// through its cross-reference table, and an incremental update that readers take for the file.
@Suite("PDF model and incremental update")
struct PDFModelTests {
    private func parse(_ text: String) throws -> PDFValue {
        try PDFValueParser.parse(Array(text.utf8)) { parser throws(RenderError) in try parser.value() }
    }

    /// The XMP packet's text values: XML's special characters escaped, control characters and
    /// the two non-characters left out, anything else (accents, emoji, tabs) kept as given.
    @Test func xmpValuesAreEscapedAndOtherwiseKept() {
        #expect(XMPPacket.escaped("Pole Północ 7 — 12,5 ha") == "Pole Północ 7 — 12,5 ha")
        #expect(XMPPacket.escaped("a & b <c> \"d\" 'e'") == "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;")
        #expect(XMPPacket.escaped("x\u{1}y\u{FFFE}z\u{FFFF}\tw\u{F8FF}🌾") == "xyz\tw\u{F8FF}🌾")
    }

    @Test func valuesAreReadAsWritten() throws {
        #expect(try parse("12 0 R") == .reference(PDFReference(number: 12)))
        #expect(try parse("12 0") == .integer(12))
        #expect(try parse("[1 2 R 3]") == .array([.reference(PDFReference(number: 1, generation: 2)), .integer(3)]))
        #expect(try parse("[1 2 3]") == .array([.integer(1), .integer(2), .integer(3)]))
        #expect(try parse("-3.25") == .real("-3.25"))
        #expect(try parse("(a \\(b\\) \\101\\n)") == .string(Array("a (b) A\n".utf8)))
        #expect(try parse("<FEFF0141>") == .string([0xFE, 0xFF, 0x01, 0x41]))
        #expect(try parse("/application#2Fjson") == .name("application/json"))
        let dictionary = try parse("<< /Type /StructElem /K [0 1 0 R << /Type /MCR /MCID 2 >>] /Alt (x) >>")
        #expect(dictionary.dictionary?.keys == ["Type", "K", "Alt"])
        #expect(dictionary.dictionary?["K"]?.items.count == 3)
        #expect(dictionary.dictionary?["K"]?.items[1] == .reference(PDFReference(number: 1)))
    }

    @Test func valuesWrittenReadBackTheSame() throws {
        let value = PDFValue.dictionary(PDFDictionary([
            ("Name", .name("a b/c#")), ("Text", .text("Łąka (north)")), ("Plain", .text("a (b) \\ c")),
            ("List", .array([.integer(-4), .real("0.5"), .bool(true), .null, .reference(PDFReference(number: 7))])),
        ]))
        #expect(try parse(String(decoding: value.bytes, as: UTF8.self)) == value)
        #expect(PDFValue.text("Łąka").text == "Łąka")
    }

    /// Finishing reads a font's few entries it needs and passes over its widths: what it reads
    /// must be what a whole read finds, whatever the passed-over arrays hold.
    @Test func entriesReadAloneAreThoseOfTheWholeDictionary() throws {
        // Keys passed over hold every kind of value, one starts like a wanted key, and one wanted
        // key is written with an escape (#65 is "e").
        let text = "<< /Type /Font /Widths [500 0 R [1 (a ] b) <5D>] /x -2.5 true null] /ToUnicodeMap 4 0 R"
            + " /Sub#74ype /Type0 /Info << /A (x >> /ToUnicode y) /B [1] >> /Name (ToUnicode) /Hex <2F54> /ToUnicode 9 0 R"
            + " /W [0 [250 3 0 R] 5 /DescendantFonts [7 0 R]] /D#65scendantFonts [7 0 R] /Flag false >>"
        let whole = try #require(try parse(text).dictionary)
        let keys = ["ToUnicode", "DescendantFonts", "Missing"]
        let read = try PDFValueParser.parse(Array(text.utf8)) { parser throws(RenderError) in try parser.dictionary(reading: keys) }
        #expect(read.keys == ["ToUnicode", "DescendantFonts"])
        for key in keys { #expect(read[key] == whole[key], "\(key)") }
        for broken in ["<< /W [1 2 /ToUnicode 9 0 R >>", "<< /W [1 ) 2] /ToUnicode 9 0 R >>", "<< /W [(open] >>"] {
            #expect(throws: RenderError.self, "\(broken)") {
                try PDFValueParser.parse(Array(broken.utf8)) { parser throws(RenderError) in try parser.dictionary(reading: keys) }
            }
        }
    }

    @Test func brokenValuesAreErrorsNotCrashes() {
        for text in ["<< /A 1", "[1 2", "(open", "<0A", "<< 1 2 >>", "", String(repeating: "[", count: 200)] {
            #expect(throws: RenderError.self, "\(text)") { try parse(text) }
        }
    }

    /// A minimal PDF as cairo writes one: objects, a cross-reference table, a trailer.
    private func cairoLikePDF() -> [UInt8] {
        var bytes = Array("%PDF-1.5\n%\u{B5}\u{ED}\u{AE}\u{FB}\n".utf8)
        var offsets: [Int] = []
        let content = Array("0 0 1 1 re f\n".utf8)
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R >>",
            "<< /Length \(content.count) >>\nstream\n\(String(decoding: content, as: UTF8.self))endstream",
        ]
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let xref = bytes.count
        bytes += Array("xref\n0 5\n0000000000 65535 f \n".utf8)
        for offset in offsets { bytes += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        bytes += Array("trailer\n<< /Size 5\n   /Root 1 0 R\n>>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return bytes
    }

    @Test func cairosFileIsReadThroughItsCrossReferenceTable() throws {
        let file = try CairoPDFFile(.memory(cairoLikePDF()))
        #expect(file.size == 5)
        #expect(try file.rootReference == PDFReference(number: 1))
        #expect(try file.dictionary(PDFReference(number: 3))["Type"] == .name("Page"))
        let (dictionary, data) = try file.decodedStream(PDFReference(number: 4))
        #expect(dictionary["Length"] == .integer(13))
        #expect(data == Array("0 0 1 1 re f\n".utf8))
    }

    /// The changes both ways of writing are tried with: the catalog's language, a new Info
    /// dictionary, a page's content replaced. The update, and the trailer's entries.
    private func sampleChanges(to original: [UInt8]) throws -> (PDFIncrementalUpdate, PDFDictionary) {
        let update = PDFIncrementalUpdate(try CairoPDFFile(.memory(original)))
        var catalog = try update.dictionary(PDFReference(number: 1))
        catalog["Lang"] = .text("pl")
        try update.set(PDFReference(number: 1), catalog)
        let added = update.add(.dictionary(PDFDictionary([("Title", .text("Raport"))])))
        try update.stream(Array("/Artifact BMC 0 0 1 1 re f EMC\n".utf8), dictionary: try update.dictionary(PDFReference(number: 4)),
                          replacing: PDFReference(number: 4))
        return (update, PDFDictionary([("Root", .reference(PDFReference(number: 1))), ("Info", .reference(added))]))
    }

    /// qpdf finds no fault in `pdf`, and pikepdf reads the changes in it.
    private func expectReadersSeeTheChanges(_ pdf: [UInt8]) throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("changed.pdf").path
        try OutputFile.write(pdf, to: path)
        let check = try Tool.run(["qpdf", "--check", path])
        #expect(check.status == 0 && check.text.contains("No syntax or stream encoding errors"), "\(check.text)")
        let shown = try Tool.runCapturingErrors(["python3", "-c", """
            import pikepdf, sys
            pdf = pikepdf.open(sys.argv[1])
            print(pdf.Root.Lang, pdf.trailer.Info.Title, pdf.pages[0].Contents.read_bytes().decode().strip(), len(bytes(pdf.trailer.ID[0])))
            """, path])
        #expect(shown.text == "pl Raport /Artifact BMC 0 0 1 1 re f EMC 16\n", "\(shown.errors)")
    }

    @Test func theUpdateIsWhatReadersSee() throws {
        let original = cairoLikePDF()
        let (update, trailer) = try sampleChanges(to: original)
        let pdf = original + (try update.write(trailer: trailer))
        #expect(Array(pdf.prefix(original.count)) == original, "cairo's bytes stay as they are")
        try expectReadersSeeTheChanges(pdf)
        // Written again from the same content, the update is the same bytes, /ID included.
        let (again, trailerAgain) = try sampleChanges(to: original)
        #expect(original + (try again.write(trailer: trailerAgain)) == pdf)
    }

    @Test func aDocumentInMemoryIsWrittenWholeWithEachObjectOnce() throws {
        let (update, trailer) = try sampleChanges(to: cairoLikePDF())
        let pdf = try update.wholeFile(trailer: trailer)
        let text = String(decoding: pdf, as: UTF8.self)
        for number in 1...5 {
            #expect(text.components(separatedBy: "\n\(number) 0 obj").count == 2, "object \(number) once")
        }
        #expect(!text.contains("/Prev") && !text.contains("0 0 1 1 re f\nendstream"), "no update, no replaced content left")
        #expect(text.contains("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page"),
                "cairo's unchanged objects copied as they are")
        try expectReadersSeeTheChanges(pdf)
        // Written again from the same content, the file is the same bytes, /ID included.
        let (again, trailerAgain) = try sampleChanges(to: cairoLikePDF())
        #expect(try again.wholeFile(trailer: trailerAgain) == pdf)
    }

    @Test func anObjectWrittenOutCannotChangeAgain() throws {
        let update = PDFIncrementalUpdate(try CairoPDFFile(.memory(cairoLikePDF())))
        let page = PDFReference(number: 3)
        try update.set(page, try update.dictionary(page))
        try update.flush(page)
        #expect(throws: RenderError.self) { try update.set(page, PDFDictionary()) }
        #expect(throws: RenderError.self) { try update.dictionary(page) }
    }

    @Test func aFileThatIsNotCairosIsRefused() throws {
        #expect(throws: RenderError.self) { try CairoPDFFile(.memory(Array("%PDF-1.5\nno table\n%%EOF\n".utf8))) }
        var updated = cairoLikePDF()
        updated += Array("xref\n1 1\n0000000015 00000 n \ntrailer\n<< /Size 5 /Root 1 0 R /Prev 9 >>\nstartxref\n\(updated.count)\n%%EOF\n".utf8)
        #expect(throws: RenderError.self) { try CairoPDFFile(.memory(updated)) }
        // The table is found from the last "startxref": one without a number, or pointing past
        // the file, is refused.
        let pdf = String(decoding: cairoLikePDF(), as: UTF8.self)
        let marker = try #require(pdf.range(of: "startxref\n", options: .backwards))
        for tail in ["startxref\n%%EOF\n", "startxref\nabc\n%%EOF\n", "startxref\n99999999\n%%EOF\n", "\n%%EOF\n"] {
            let broken = Array((pdf[..<marker.lowerBound] + tail).utf8)
            #expect(throws: RenderError.self, "\(tail)") { try CairoPDFFile(.memory(broken)) }
        }
    }
}
