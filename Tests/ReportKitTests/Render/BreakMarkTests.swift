import Foundation
import Testing
@testable import ReportKit

/// A word too long for its column is broken between characters; the break is marked with the
/// engine's own sign (a return arrow drawn after the line), never with a hyphen that reads as
/// part of an authorisation or cadastral number.
@Suite("Words broken by the engine")
struct BreakMarkTests {
    let engine: PangoTextEngine
    let style = TextStyle(size: 10)

    init() throws { engine = try PangoTextEngine() }

    private func set(_ text: String, width: Double) throws -> PangoTextEngine.SetText {
        let placed = PlacedText(origin: .zero, text: StyledText(text, style: style), width: width, alignment: .leading, ellipsize: false, size: .zero)
        return try engine.withLayout(for: placed) { $0 }
    }

    @Test func aWordBrokenBetweenCharactersIsMarkedOnEveryBrokenLineAndTheMarksStayInTheBox() throws {
        let word = "PL0212ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        let measured = engine.measure(StyledText(word, style: style), width: 60, alignment: .leading, ellipsize: false)
        #expect(measured.lines.count >= 4)
        let laidOut = try set(word, width: 60)
        #expect(laidOut.breakMarks.count == measured.lines.count - 1, "one mark per line but the last")
        for mark in laidOut.breakMarks {
            #expect(mark.x + PangoTextEngine.BreakMark.advance(size: mark.size) <= 60 + 1e-9)
        }
        #expect(measured.lines.allSatisfy { $0.width <= 60 + 1e-9 })
    }

    @Test func wordsThatFitAndBreaksAtSpacesOrRealHyphensAreNotMarked() throws {
        #expect(try set("Pszenica ozima na polu przy lesie", width: 60).breakMarks.isEmpty)
        // A break after the hyphen the text has is an ordinary break: no mark, no second hyphen.
        let hyphenated = try set("Dzialka-Poludniowa-Zachodnia", width: 70)
        #expect(hyphenated.breakMarks.isEmpty)
        #expect(engine.measure(StyledText("Dzialka-Poludniowa-Zachodnia", style: style), width: 70, alignment: .leading, ellipsize: false).lines.count > 1)
    }

    /// In the PDF, the broken word's text is the word itself: no hyphen was inserted, and the
    /// mark is a drawing, not a character.
    @Test func theBrokenWordExtractsWithoutAnInsertedHyphen() throws {
        let word = "0212ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let pages = try Paginator.paginate(Text(word, style: style),
                                           template: PageTemplate(size: Size(width: 90, height: 200), margins: EdgeInsets(all: 20)), text: engine)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("broken.pdf").path
        try OutputFile.write(try PDFRenderer(text: engine).render(LaidOutDocument(pages: pages)), to: pdf)
        let text = try Tool.run(["pdftotext", pdf, "-"]).text
        #expect(!text.contains("-"))
        #expect(text.filter { !$0.isWhitespace } == word)
    }
}
