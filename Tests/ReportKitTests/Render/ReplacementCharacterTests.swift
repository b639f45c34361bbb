import Foundation
import Testing
@testable import ReportKit

/// Characters no font of the report draws are printed as U+FFFD, the replacement character, not
/// as boxes of hex digits that run into the next words; lines still break at the right places of
/// the text as written.
@Suite("Characters the fonts cannot draw")
struct ReplacementCharacterTests {
    @Test func missingThreeAndFourByteCharactersBecomeTheReplacementCharacter() throws {
        let engine = try PangoTextEngine()
        let form = engine.pangoForm("Pole 한 🦩 ok")
        #expect(form.string == "Pole \u{FFFD} \u{FFFD} ok")
        // "Pole " is 5 bytes, "\u{FFFD} " 4 more: the flamingo's four bytes became three at byte 9.
        #expect(form.shrinks == [9])
        #expect(engine.pangoForm("Działka 12 · 😀").string == "Działka 12 · 😀", "drawn by Symbola: kept")
    }

    /// Two-byte characters no font draws (Syriac, Thaana, N'Ko, some Arabic and Armenian letters)
    /// too: the three bytes of U+FFFD stand for two, and `grows` says where.
    @Test func missingTwoByteCharactersBecomeTheReplacementCharacter() throws {
        let engine = try PangoTextEngine()
        #expect(engine.missingCharacters(in: "ܐܒ ok") == ["\u{710}", "\u{712}"])
        let form = engine.pangoForm("Pole ܐܒ ok · Żyto")
        #expect(form.string == "Pole \u{FFFD}\u{FFFD} ok · Żyto")
        #expect(form.grows == [5, 8] && form.shrinks.isEmpty)
        #expect(engine.pangoForm("Żyto, пшеница, σιτάρι").string == "Żyto, пшеница, σιτάρι", "drawn by Inter: kept")
    }

    /// A long paragraph of characters the fonts lack (four bytes each, or two), split into lines:
    /// each line starts at a character of the text as written, and the lines put back together
    /// are that text.
    @Test(arguments: ["🦩", "ܐܒܓ"])
    func linesOfReplacedCharactersMapBackToTheTextAsWritten(word: String) throws {
        let engine = try PangoTextEngine()
        let text = (1...60).map { "\(word)\($0)" }.joined(separator: " ")
        let styled = StyledText(text, style: TextStyle(size: 10))
        let lines = engine.measure(styled, width: 80, alignment: .leading, ellipsize: false).lines
        #expect(lines.count > 5)
        let bytes = Array(text.utf8)
        var pieces: [String] = []
        for (index, line) in lines.enumerated() {
            #expect(line.startByte < bytes.count && (bytes[line.startByte] & 0xC0) != 0x80, "line \(index) starts on a character")
            let end = index + 1 < lines.count ? lines[index + 1].startByte : bytes.count
            pieces.append(String(decoding: bytes[line.startByte..<end], as: UTF8.self))
        }
        #expect(pieces.joined() == text)
        #expect(pieces.first?.hasPrefix("\(word)1 ") == true, "\(pieces.first ?? "")")
    }
}
