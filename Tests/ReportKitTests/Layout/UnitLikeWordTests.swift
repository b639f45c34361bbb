import Testing
@testable import ReportKit

/// Words with a slash ("m/s", "l/ha") stay whole at a line's end (the register's narrow columns).
@Suite("Unit-like words")
struct UnitLikeWordTests {
    @Test func shortWordsWithASlashAreKeptWhole() {
        let text = "wiatr 2 m/s, 0212/3 https://example.org/a/very/long/address/that/may/break"
        let words = PangoTextEngine.unitLikeWords(in: text).map { range in
            String(decoding: Array(text.utf8)[range], as: UTF8.self)
        }
        #expect(words == ["m/s,", "0212/3"])
        #expect(PangoTextEngine.unitLikeWords(in: "Łąka 2,5 l/ha").map(\.count) == [4])
    }

    @Test func aNarrowColumnBreaksBeforeTheWordNotInsideIt() throws {
        let engine = try PangoTextEngine()
        let style = TextStyle(size: 10)
        let full = engine.measure(StyledText("wind 2 m/s", style: style), width: nil, alignment: .leading, ellipsize: false).size.width
        let lines = engine.measure(StyledText("wind 2 m/s", style: style), width: full - 2, alignment: .leading, ellipsize: false).lines
        #expect(lines.count == 2)
        #expect(lines.last?.startByte == 7, "the second line starts with \"m/s\"")
    }
}
