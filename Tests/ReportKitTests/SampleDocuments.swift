import Foundation
@testable import ReportKit

/// Documents the layout and render tests share.
enum SampleDocuments {
    static let body = TextStyle(size: 10, lineHeight: 1.4)
    static let heading = TextStyle(size: 16, weight: .semibold, lineHeight: 1.3)
    static let number = TextStyle(size: 10, lineHeight: 1.4, tabularFigures: true)

    static let template = PageTemplate(
        size: .a4, margins: EdgeInsets(all: 40), spacing: 12,
        header: { _ in Text("Raport oprysku — Działka 12", style: TextStyle(size: 9, color: Color(red: 0.45, green: 0.45, blue: 0.43))) },
        footer: { page in Text("Strona \(page.number) z \(page.count)", style: TextStyle(size: 9), alignment: .trailing) }
    )

    /// A heading, a paragraph with Polish letters, a card, and a long table.
    static func report(rows: Int) -> any Element {
        let tableRows: [Table.Row] = (1...rows).map { index in
            [Text("Napełnienie \(index)", style: body),
             Text(String(format: "%.2f ha", Double(index) * 0.25), style: number, alignment: .trailing),
             Text(String(format: "%.1f l", Double(index) * 12.5), style: number, alignment: .trailing)]
        }
        let header: [Table.Row] = [[Text("Zbiornik", style: heading.with(size: 10)),
                                    Text("Powierzchnia", style: heading.with(size: 10), alignment: .trailing),
                                    Text("Woda", style: heading.with(size: 10), alignment: .trailing)]]
        return VStack(spacing: 12, [
            Anchor("summary", Text("Zażółć gęślą jaźń", style: heading, role: .heading1)),
            Text("Ciecz użytkowa: środek ochrony roślin rozcieńczony wodą. Łączna objętość cieczy: 2 500 l.", style: body),
            Linked(.uri("https://example.org/rejestr"), Text("Rejestr środków ochrony roślin", style: body.with(underline: true))),
            Linked(.internalDestination("loads"), Text("Przejdź do napełnień", style: body.with(underline: true))),
            Box(Text("Karta: wszystko w jednym kawałku.", style: body), padding: EdgeInsets(all: 16),
                background: Color(red: 1, green: 1, blue: 1), border: Color(red: 0.8, green: 0.8, blue: 0.8),
                cornerRadius: 12, keepsTogether: true),
            Anchor("loads", Text("Napełnienia", style: heading, role: .heading2)),
            Table(columns: [.fraction(2), .fraction(1), .fraction(1)], header: header, rows: tableRows,
                  totals: [[Text("Razem", style: body), Text("", style: body), Text("\(rows) zbiorników", style: body, alignment: .trailing)]],
                  style: Table.Style(headerBackground: Color(red: 0.9, green: 0.95, blue: 0.92),
                                     zebraBackground: Color(red: 0.97, green: 0.97, blue: 0.96),
                                     ruleColor: Color(red: 0.18, green: 0.54, blue: 0.34))),
        ])
    }

    static func document(rows: Int, engine: PangoTextEngine) throws -> LaidOutDocument {
        LaidOutDocument(
            pages: try Paginator.paginate(report(rows: rows), template: template, text: engine),
            outline: [OutlineItem(title: "Podsumowanie", destination: "summary"), OutlineItem(title: "Napełnienia", destination: "loads", level: 1)],
            info: DocumentInfo(title: "Raport oprysku", author: "Wojciech Olszak", subject: "Działka 12", keywords: "oprysk",
                               creator: "report-gen", creationDate: Date(timeIntervalSince1970: 1_776_144_600), language: "pl"))
    }
}

extension TextStyle {
    func with(size: Double? = nil, underline: Bool? = nil) -> TextStyle {
        var copy = self
        if let size { copy.size = size }
        if let underline { copy.underline = underline }
        return copy
    }
}

/// One engine for all tests in the process: fonts are loaded once, as in production.
let sharedEngine: PangoTextEngine? = try? PangoTextEngine()
