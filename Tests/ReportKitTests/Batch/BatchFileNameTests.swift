import Foundation
import Testing
@testable import ReportKit

@Suite("Batch file names")
struct BatchFileNameTests {
    @Test(arguments: [
        ("../../etc/passwd", "etc-passwd"),
        ("/absolute/path", "absolute-path"),
        ("C:\\Windows\\system32", "C-Windows-system32"),
        ("Łąka za stodołą", "Łąka-za-stodołą"),
        ("Pole\u{0}\u{1B}[31m czerwone", "Pole-31m-czerwone"),
        ("🚜 North 🌾", "North"),
        ("Zaz\u{307}o\u{301}łc\u{301}", "Zażółć"),
        ("...", ""),
        ("\u{202E}evil\u{200B}txt", "evil-txt"),
        ("שדה צפון", "שדה-צפון"),
    ])
    func jobDataBecomesLettersDigitsAndHyphens(text: String, part: String) {
        #expect(BatchFileName.safePart(text) == part)
    }

    @Test func longPartsAreCutOnACharacterWithinTheLimit() {
        let part = BatchFileName.safePart(String(repeating: "ż", count: 100))
        #expect(part.utf8.count <= BatchFileName.maximumPartBytes && part == String(repeating: "ż", count: 30))
    }

    @Test func theNameHasNumberDateFieldAndID() {
        var job = makeJob(area: Quantity(12.5, .hectare), sprayRate: Quantity(200, .litresPerHectare), tank: Quantity(1_000, .litre),
                          products: [("Roundup", Quantity(1.5, .litresPerHectare))])
        job.field.name = "Działka 12"
        job.id = "calc/17"
        job.date = JobDate(rfc3339: "2026-04-14T23:30:00-02:00")
        #expect(BatchFileName.name(for: job, index: 6) == "0007_2026-04-14_Działka-12_calc-17.pdf",
                "the date as the farmer wrote it, not in UTC")
        job.date = nil
        job.id = nil
        job.field.name = nil
        job.field.crop = nil
        #expect(BatchFileName.name(for: job, index: 12_344) == "12345_undated.pdf")
    }
}
