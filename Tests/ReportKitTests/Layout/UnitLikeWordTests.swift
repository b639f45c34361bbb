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

    @Test func numbersAreKeptWholeAndARangeBreaksAfterItsDash() {
        let text = "Zul. 024485-00 DEBBLI0260100301 07:30–09:10 (UTC+01:00) 1234567890123456789"
        let words = PangoTextEngine.numberWords(in: text).map { range in
            String(decoding: Array(text.utf8)[range], as: UTF8.self)
        }
        #expect(words == ["024485-00", "07:30–", "09:10", "(UTC+01:00)"], "a FLIK has no break inside it to keep; 19 digits break as a long word may")
    }

    @Test func aNarrowColumnBreaksBeforeTheNumberNotAtItsHyphen() throws {
        let engine = try PangoTextEngine()
        let style = TextStyle(size: 10)
        let text = StyledText("Zul. 024485-00", style: style)
        let full = engine.measure(text, width: nil, alignment: .leading, ellipsize: false).size.width
        let lines = engine.measure(text, width: full - 2, alignment: .leading, ellipsize: false).lines
        #expect(lines.map(\.startByte) == [0, 5], "the second line starts with \"024485-00\"")
        // Narrower than the number itself: it breaks rather than run past the column.
        let number = engine.measure(StyledText("024485-00", style: style), width: nil, alignment: .leading, ellipsize: false).size.width
        let crushed = engine.measure(text, width: number - 4, alignment: .leading, ellipsize: false)
        #expect(crushed.size.width <= number - 4 + 0.01 && crushed.lines.count >= 3)
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
