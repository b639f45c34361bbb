import Testing
@testable import ReportKit

/// A no-break space between a number and its unit is drawn as a plain space that lines never break
/// at (so cairo embeds one font subset per face), and the paragraph still breaks where it did.
@Suite("No-break spaces")
struct NoBreakSpaceTests {
    @Test func aNumberAndItsUnitBecomeAJoinedPlainSpace() {
        let shaped = PangoTextEngine.shapedForm("12,5\u{00A0}ha i 2\u{00A0}250\u{00A0}l")
        #expect(shaped.string == "12,5 ha i 2 250 l")
        let joined = shaped.joins.map { String(decoding: Array(shaped.string.utf8)[$0], as: UTF8.self) }
        #expect(joined == [" h", " 2", " l"])
    }

    @Test func aNoBreakSpaceAfterASymbolOrAtARunsStartStays() {
        // The tank legend's square and its name are two runs: the name's run starts with U+00A0.
        #expect(PangoTextEngine.shapedForm("\u{00A0}Roundup").string == "\u{00A0}Roundup")
        #expect(PangoTextEngine.shapedForm("■\u{00A0}Woda").joins.isEmpty)
    }

    @Test func aParagraphBreaksBeforeTheNumberNotBetweenItAndItsUnit() throws {
        let engine = try PangoTextEngine()
        let text = StyledText("Ciecz użytkowa 2\u{00A0}500\u{00A0}l", style: TextStyle(size: 10))
        let full = engine.measure(text, width: nil, alignment: .leading, ellipsize: false).size.width
        let lines = engine.measure(text, width: full - 2, alignment: .leading, ellipsize: false).lines
        #expect(lines.count == 2)
        // Line starts are the paragraph's own bytes (U+00A0 is two): the second line is "2 500 l".
        let start = try #require(lines.last?.startByte)
        #expect(String(decoding: Array(text.string.utf8)[start...], as: UTF8.self) == "2\u{00A0}500\u{00A0}l")
    }
}
