/// A report template: declarative data that says what a report shows and in which order, bound to
/// the job and its plan by name. It holds no code and no raw colours or sizes: every colour, text
/// style and spacing is a token name (docs/template-format.md).
package struct ReportTemplate: Sendable {
    /// What a template is drawn from.
    package enum Subject: String, Sendable, CaseIterable {
        /// One job and its plan.
        case job
        /// A history of jobs (the cover of a batch export).
        case history
    }

    public let name: String
    public let summary: String
    public let subject: Subject
    /// Where the template came from, for error messages.
    public let file: String
    /// The PDF's title, such as "{t.reportTitle}: {field.name}".
    let title: TextPattern?
    let page: PageSpec
    let body: [TemplateNode]

    /// Whether the template draws a QR code anywhere: only then is the record written out for one
    /// (it costs as much as laying out a table).
    var drawsQRCode: Bool {
        (page.header + page.footer + page.runningHeader + body).contains { $0.containsQRCode }
    }
}

/// The page: margins, type scale, background, and the header and footer on every page.
struct PageSpec: Sendable {
    /// The paper the template names; nil (or `"auto"`) lets the job choose: US Letter for a job
    /// in US units, A4 for a metric one (and `--paper` overrides either).
    var paper: Paper?
    var landscape = false
    var margins: EdgeInsets
    /// Scales the type scale; nil uses the tokens' print scale.
    var typeScale: Double?
    var background: String?
    var header: [TemplateNode]
    var footer: [TemplateNode]
    /// On every page but the first, above the body: what the page is of.
    var runningHeader: [TemplateNode] = []
    /// A spacing token: between header, body and footer.
    var spacing: String
}

/// The papers a report is made on.
public enum Paper: String, Sendable, CaseIterable {
    case a4
    case letter

    /// Portrait.
    package var size: Size { self == .a4 ? .a4 : .letter }
}

/// One node of a template, with the attributes every node may have.
struct TemplateNode: Sendable {
    /// Where the node is in its file, for errors.
    let path: JSONPath
    /// Shown only when this value is present and not empty (or, with `negated`, when it is not).
    let condition: Condition?
    /// The node's width inside a row.
    let width: ColumnWidth?
    let kind: Kind

    /// Whether this node or any inside it is a QR code.
    var containsQRCode: Bool {
        let inside: [TemplateNode]
        switch kind {
        case .qr: return true
        case .stack(let children, _, let continuation): inside = children + continuation
        case .row(let children, _, _), .each(_, _, let children, _, _), .keepTogether(let children),
             .anchor(_, let children), .link(_, let children), .firstThatFits(let children, _):
            inside = children
        case .card(let spec): inside = spec.children
        case .text, .badge, .table, .pairs, .divider, .spacer, .pageBreak, .gauges, .checkbox: inside = []
        }
        return inside.contains { $0.containsQRCode }
    }

    indirect enum Kind: Sendable {
        case text(TextSpec)
        /// Nodes one under another; `continuation` starts what follows a page break inside it.
        case stack([TemplateNode], spacing: String, continuation: [TemplateNode])
        case row([TemplateNode], spacing: String, alignment: HStack.Alignment)
        case card(CardSpec)
        case badge(TextPattern, color: String)
        case table(TableSpec)
        case pairs(PairsSpec)
        case each(ValuePath, as: String, [TemplateNode], spacing: String, pageBreakBetween: Bool)
        case divider(color: String)
        case spacer(String)
        case pageBreak
        case keepTogether([TemplateNode])
        case gauges(GaugeSpec)
        /// A QR code of the first content that fits (``QRSpec``), else `otherwise`.
        case qr(QRSpec)
        /// A box to tick; `alternative` is what a screen reader says for it (else the locale's).
        case checkbox(size: Double, color: String, alternative: TextPattern?)
        case anchor(TextPattern, [TemplateNode])
        case link(TextPattern, [TemplateNode])
        /// The first of these alternatives that fits the width (``FirstFitting``).
        case firstThatFits([TemplateNode], fit: FirstFitting.Fit)
    }
}

struct TextSpec: Sendable {
    struct Span: Sendable {
        var pattern: TextPattern
        var style: String?
        var color: String?
        /// The span shows only when this value is present (or, negated, absent).
        var condition: Condition?
    }

    var spans: [Span]
    var style: String
    var color: String
    var alignment: TextAlignment
    var role: StructureRole
    var ellipsize: Bool
}

struct CardSpec: Sendable {
    var children: [TemplateNode]
    var background: String
    var border: String?
    var padding: String
    var radius: String
    var spacing: String
}

struct TableSpec: Sendable {
    struct Column: Sendable {
        /// Repeats the column for every item of a list (one column per product).
        var repeats: (list: ValuePath, name: String)?
        var header: TextPattern
        var cell: TextPattern
        var total: TextPattern?
        /// The column's cell in each page's total row, with `page` bound to the page's sums.
        var pageTotal: TextPattern?
        var width: ColumnWidth
        var alignment: TextAlignment
        /// The column is left out when this value is absent or empty (no product has a registration number).
        var condition: Condition?
        /// The cell spans its group's rows (see `groupStart`), given by the group's first row.
        var spans = false
        /// A spanning cell on a page its group continues onto ("{line.date} (cont.)"); the cell
        /// itself when nil.
        var continued: TextPattern?
    }

    var rows: ValuePath
    var rowName: String
    var columns: [Column]
    /// Makes every cell of a row a link (`#anchor` or a web address); a row whose target is empty has none.
    var rowLink: TextPattern?
    /// Each row's amounts for the page totals (a value of the row, such as `line.sums`).
    var pageSums: ValuePath?
    /// A row where this value holds starts a group of rows (an application and its products),
    /// which the spanning columns' cells stand beside and which is kept together.
    var groupStart: ValuePath?
    /// Rows with less space above and below their text: a register of hundreds of lines.
    var compact = false
    var headerStyle: String
    var cellStyle: String
    var totalStyle: String
}

struct PairsSpec: Sendable {
    struct Item: Sendable {
        var label: TextPattern
        var value: TextPattern
    }

    var items: [Item]
    var labelStyle: String
    var valueStyle: String
    var labelColor: String
    /// The label's share of the width when label and value stand side by side.
    var labelShare: Double
    var spacing: String
    /// How many pairs stand side by side in each line.
    var columns: Int
    /// Labels above their values instead of beside them.
    var labelAbove = false
}

/// A QR code node: the contents to try in order, each at each error correction level in order,
/// until one makes a code whose modules are large enough to scan from print in `size` points.
struct QRSpec: Sendable {
    /// One thing a code may hold, and what the page says of it when it is the one drawn (what
    /// it leaves out).
    struct Content: Sendable {
        var text: TextPattern
        var note: TextPattern?
    }

    var contents: [Content]
    var size: Double
    var errorCorrection: [QRErrorCorrection]
    var alternative: TextPattern?
    /// What is shown beside the code (its heading and caption), only when there is a code.
    var beside: [TemplateNode]
    /// What is shown when no content fits (a note that the record is attached instead).
    var otherwise: [TemplateNode]
    /// The `beside` nodes go under the code, in its width, instead of to its right.
    var captionBelow = false
}

struct GaugeSpec: Sendable {
    /// A list of loads (drawn grouped: identical loads share one tank) or one load.
    var loads: ValuePath
    var single: Bool
    var height: Double
    var width: Double
    var labelStyle: String
    /// Draw the tanks, their legend (which colour is which product), or both.
    var parts: Parts

    enum Parts: String, Sendable, CaseIterable {
        case tanks, legend, both
    }
}

/// `"if": name` or `"unless": name`: shown only when the value is present and not empty (or,
/// negated, when it is not).
struct Condition: Sendable {
    let path: ValuePath
    let negated: Bool
}
