import Foundation
import Testing
import CLITestSupport

/// The printed register against the law and the clock: a US season's register holds every item
/// of 40 CFR 170.309(h) on every row, its totals in the rows' units; times carry their offsets
/// where the document's are not all one; the register and the workbook number the applications
/// alike and give the same season total per product.
@Suite("The register, the law and the clock")
struct RegisterLawCLITests {
    static let usSeason = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/register-us-season.json").path
    static let season = ReportGen.repository.appendingPathComponent("Tests/Golden/inputs/register-season.json").path

    private func layoutText(_ pdf: String) throws -> [String] {
        try ReportGen.run(program: "/usr/bin/env", ["pdftotext", "-layout", pdf, "-"]).stdout
            .replacingOccurrences(of: "\u{A0}", with: " ").components(separatedBy: "\n")
    }

    /// The first printed line of row `number`: the row's number, then its cells' first lines.
    private func row(_ number: Int, in lines: [String]) -> String? {
        lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(number) ") && $0.hasPrefix(" ") }
    }

    /// Every printed line of row `number`: its first, and those its cells wrap onto, up to the
    /// next row's (an application's facts span its products' rows, and wrap beside them).
    private func rowLines(_ number: Int, in lines: [String]) -> String? {
        guard let first = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(number) ") && $0.hasPrefix(" ") }) else { return nil }
        let next = lines[(first + 1)...].prefix(6).firstIndex { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return line.hasPrefix(" ") && trimmed.first?.isNumber == true && trimmed.split(separator: " ").first.flatMap { Int($0) } != nil
                || trimmed.hasPrefix("Page total") || trimmed.hasPrefix("Season total")
        } ?? min(lines.count, first + 6)
        return lines[first..<next].joined(separator: " ")
    }

    @Test func aUSRegisterHoldsEveryItemOf170309hOnEveryRowAndTotalsInItsUnits() throws {
        let folder = try ScratchFolder()
        #expect(try ReportGen.run(["record", Self.usSeason, "-o", folder.path("register.pdf")]).status == 0)
        let lines = try layoutText(folder.path("register.pdf"))
        let text = lines.joined(separator: "\n")
        // The headings of (h)(1)–(h)(5): location and description, crop or site, product, EPA
        // registration number, active ingredients, date and times, restricted-entry interval.
        for heading in ["Date and time", "Location and", "description", "Crop or", "site", "Product", "EPA Reg.", "Active", "ingredients", "REI"] {
            #expect(text.contains(heading), "\(heading)")
        }
        // Each application's row: (job facts on its first row) product, number, ingredient, REI.
        let rows: [(number: Int, facts: [String])] = [
            (1, ["20 May 2026, 06:40", "Home 120", "corn", "Bicep II", "100-817", "S-metolachlor", "24 h", "2.1 qt/ac", "120 ac", "63 gal"]),
            (2, ["Ammonium", "306 lb"]),
            (3, ["2 July 2026, 09:15", "North 80", "soybeans", "Headline", "7969-186", "pyraclostrobin", "12 h", "6 fl oz/ac", "80 ac", "3.75 gal"]),
            (4, ["Crop oil", "12 gal"]),
            (5, ["1 November 2026", "South 40", "fallow", "Roundup", "524-659", "glyphosate", "4 h", "32 fl oz/ac", "40 ac", "10 gal"]),
        ]
        for (number, facts) in rows {
            let line = try #require(rowLines(number, in: lines), "row \(number)")
            // Spaces aside: pdftotext may drop the narrow no-break space of "4 h".
            let squeezed = line.replacingOccurrences(of: " ", with: "")
            for fact in facts { #expect(squeezed.contains(fact.replacingOccurrences(of: " ", with: "")), "row \(number): \(fact) in \(line)") }
        }
        // The end of each application is printed with its start; the night the clocks went back,
        // each time with its own offset (01:30 CDT to 01:50 CST is 80 minutes, not 20).
        #expect(text.contains("06:40–") && text.contains("09:05"), "\(text.prefix(2000))")
        #expect(text.contains("01:30 (UTC−05:00) –") && text.contains("01:50 (UTC−06:00)"), "\(text.prefix(3000))")
        // Totals in the rows' units: 240 ac, and each product in gal or lb.
        #expect(text.contains("240 ac") && !text.contains(" ha "), "no hectares in a US register")
        for total in ["Bicep II Magnum", "63 gal", "306 lb", "3.75 gal", "12 gal", "10 gal"] { #expect(text.contains(total), "\(total)") }
        #expect(text.contains("40 CFR 170.309(h)"))
    }

    @Test func aRegisterInOneOffsetPrintsNoneAndOneInSeveralPrintsEach() throws {
        let folder = try ScratchFolder()
        // The Polish example alone: one offset, none printed.
        #expect(try ReportGen.run(["record", ReportGen.example("record-pl.json"), "-o", folder.path("one.pdf")]).status == 0)
        #expect(!(try layoutText(folder.path("one.pdf"))).joined().contains("(UTC+"))
        // Poland in spring and Iowa in summer: each time with its own.
        #expect(try ReportGen.run(["record", Self.season, "-o", folder.path("two.pdf"), "--locale", "en"]).status == 0)
        let text = try layoutText(folder.path("two.pdf")).joined(separator: "\n")
        #expect(text.contains("(UTC+02:00)") && text.contains("(UTC−05:00)"), "\(text.prefix(2000))")
    }

    /// The register and the workbook: each holding's applications numbered alike (from 1, in the
    /// order they started), and the same season total per product.
    @Test func theRegisterAndTheWorkbookNumberAndTotalAlike() throws {
        let folder = try ScratchFolder()
        // The season given newest first: both must still order by the time of application.
        let jobs = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.usSeason))) as? [Any])
        let reversed = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: Array(jobs.reversed())), as: UTF8.self), to: "season.json")
        #expect(try ReportGen.run(["record", reversed, "-o", folder.path("register.pdf")]).status == 0)
        #expect(try ReportGen.run(["record", reversed, "-o", folder.path("season.xlsx")]).status == 0)
        let lines = try layoutText(folder.path("register.pdf"))
        let read = try ReportGen.run(program: "/usr/bin/env", ["python3", "-c", """
            import json, sys, openpyxl
            sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
            rows = list(sheet.iter_rows(values_only=True))
            header = rows[0]
            product, total = header.index("Product"), header.index("Product used")
            numbered = [[r[0], r[product]] for r in rows[1:] if isinstance(r[0], int)]
            start = next(i for i, r in enumerate(rows) if r[product] == "Season total per product")
            totals = [[r[product], round(r[total], 2), r[total + 1]] for r in rows[start + 1:] if r[product]]
            print(json.dumps({"numbered": numbered, "totals": totals}))
            """, folder.path("season.xlsx")])
        let book = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stderr)")
        let numbered = try #require(book["numbered"] as? [[Any]])
        #expect(numbered.count == 5)
        for entry in numbered {
            let (number, product) = (entry[0] as? Int ?? 0, entry[1] as? String ?? "")
            let line = try #require(row(number, in: lines), "row \(number)")
            #expect(line.contains(String(product.prefix(8))), "the register's row \(number) is the workbook's \(product): \(line)")
        }
        #expect((numbered.first?[1] as? String) == "Bicep II Magnum", "the first application, though given last")
        let text = lines.joined(separator: "\n")
        for total in try #require(book["totals"] as? [[Any]]) {
            let (name, amount, unit) = (total[0] as? String ?? "", total[1] as? Double ?? 0, total[2] as? String ?? "")
            let printed = "\(RecordNumberText.english(amount)) \(unit)"
            #expect(text.contains(name) && text.contains(printed), "\(name): \(printed)")
        }
    }
}

/// A number as an English register prints a total: grouped thousands, at most two decimals.
enum RecordNumberText {
    static func english(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 2
        return formatter.string(from: NSNumber(value: value)) ?? "\(value)"
    }
}
