import Foundation
import Testing
@testable import ReportKit

@Suite("Locales")
struct LocaleTests {
    let english = BuiltInLocales.english
    let polish = BuiltInLocales.polish

    @Test func numbersUnitsAndDatesPerLanguage() throws {
        let scale = DisplayScale(.litre, fractionDigits: 2)
        let quantity = DisplayQuantity(value: 1234.56, scale: scale, steps: 123_456)
        #expect(polish.text(quantity) == "1\u{A0}234,56\u{A0}l")
        #expect(english.text(quantity) == "1,234.56\u{A0}L")
        let date = try #require(JobDate(rfc3339: "2026-04-14T07:30:00+02:00"))
        // Day, month and year keep together; the line may end after the comma.
        #expect(polish.text(date) == "14\u{A0}kwietnia\u{A0}2026, 07:30")
        #expect(english.text(date) == "14\u{A0}April\u{A0}2026, 07:30")
        #expect(polish.text(date, includeTime: false) == "14\u{A0}kwietnia\u{A0}2026")
        let dayOnly = try #require(JobDate(rfc3339: "2026-12-01"))
        #expect(polish.text(dayOnly) == "1\u{A0}grudnia\u{A0}2026")
        #expect(english.rateSymbol("fl oz/ac") == "fl\u{A0}oz/ac")
        #expect(polish.rateSymbol("mL/100 L") == "ml/100\u{A0}l" || polish.rateSymbol("mL/100 L") == "ml/100 l")
        #expect(english.symbol(.squareMetre) == "m²")
    }

    @Test("Polish plural forms follow CLDR", arguments: [
        (1, "1 napełnienie"), (2, "2 napełnienia"), (4, "4 napełnienia"), (5, "5 napełnień"), (12, "12 napełnień"),
        (14, "14 napełnień"), (22, "22 napełnienia"), (25, "25 napełnień"), (101, "101 napełnień"), (0, "0 napełnień"),
    ])
    func polishPlurals(_ count: Int, _ expected: String) {
        #expect(polish.plural("loads", count) == expected)
    }

    @Test func englishPlurals() {
        #expect(english.plural("loads", 1) == "1 load")
        #expect(english.plural("loads", 1_000) == "1,000 loads")
    }

    @Test func bothLanguagesHaveTheSameStringsAndPlurals() {
        #expect(Set(english.strings.keys) == Set(polish.strings.keys))
        #expect(Set(english.plurals.keys) == Set(polish.plurals.keys))
        #expect(english.strings["reportTitle"] == "Spray report")
        #expect(polish.strings["reportTitle"] == "Raport oprysku")
    }

    @Test func aLocaleFileWithMistakesNamesEachOne() throws {
        let file = #"{"language": "pl", "numbers": {"decimalSeparator": ","}, "units": {}, "dates": {"months": ["a"], "date": "", "dateTime": ""}, "strings": {}}"#
        let error = try #require(throws: DefinitionError.self) { try ReportLocale.load(Array(file.utf8), file: "locales/xx.json") }
        let text = error.description
        #expect(text.contains("locales/xx.json: $.numbers.groupingSeparator: missing required field"))
        #expect(text.contains("locales/xx.json: $.units: is missing \"L\""))
        #expect(text.contains("$.dates.months: has 1 names; expected 12"))
        #expect(text.contains("$.strings: is missing \"plan.title\""))
    }
}
