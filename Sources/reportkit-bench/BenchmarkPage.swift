import ReportKit

/// The page both the benchmark and its C baseline (Benchmarks/baseline.c) draw: a title, a
/// paragraph, and a 24-row table with a header and zebra stripes, in Inter. Keep the two in step.
enum BenchmarkPage {
    static let rows = 24
    static let title = TextStyle(size: 21, weight: .bold, lineHeight: 1.2)
    static let body = TextStyle(size: 10.5, lineHeight: 1.5)
    static let header = TextStyle(size: 9, weight: .semibold, lineHeight: 1.4)
    static let cell = TextStyle(size: 9, lineHeight: 1.4, tabularFigures: true)
    static let zebra = Color(red: 0.96, green: 0.95, blue: 0.92)
    static let headerFill = Color(red: 0.90, green: 0.95, blue: 0.92)

    static func content(job: Int) -> any Element {
        VStack(spacing: 12, [
            Text("Raport oprysku \(job)", style: title, role: .heading1),
            Text("Działka 12, pszenica ozima. Ciecz użytkowa: 2 500 l na 12,5 ha; trzy napełnienia zbiornika 1 000 l.", style: body),
            Table(columns: [.fraction(2), .fraction(1), .fraction(1), .fraction(1)],
                  header: [["Napełnienie", "Powierzchnia", "Woda", "Środek"].map { Text($0, style: header) }],
                  rows: (1...rows).map { row in
                      ["Napełnienie \(row)", "\(row * 5 / 10),\(row * 5 % 10)0 ha", "\(991 - row),50 l", "7,\(row % 10)0 l"]
                          .map { Text($0, style: cell) }
                  },
                  style: Table.Style(cellPadding: EdgeInsets(top: 4, left: 6, bottom: 4, right: 6),
                                     headerBackground: headerFill, zebraBackground: zebra)),
        ])
    }
}
