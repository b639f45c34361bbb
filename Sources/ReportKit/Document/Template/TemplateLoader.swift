extension ReportTemplate {
    /// The deepest nesting of nodes a template may have: far beyond any real design, and a bound
    /// on the work a hostile template can ask for.
    public static let maximumDepth = 24

    /// The most rows a table may have: a history's cover of as many jobs as a combined document
    /// takes (20,000), bounding the work a table asks of layout.
    public static let maximumTableRows = 20_000

    /// Reads a template. Token names are checked against `theme` (both themes name the same
    /// tokens), placeholders are parsed, and every problem is reported with its path.
    public static func load(_ bytes: [UInt8], file: String, tokens theme: Theme) throws(DefinitionError) -> ReportTemplate {
        try DefinitionFile.read(bytes, file: file) { reader, root in
            var loader = TemplateReader(reader: reader, theme: theme)
            let template = loader.template(root, file: file)
            reader = loader.reader
            return template
        }
    }
}

/// Reads template JSON into ``TemplateNode``s, recording problems in the JSON reader.
struct TemplateReader {
    var reader: JSONReader
    let theme: Theme

    static let nodeKinds = ["text", "stack", "row", "card", "badge", "table", "pairs", "each", "divider", "spacer",
                            "pageBreak", "keepTogether", "gauges", "gauge", "gaugeLegend", "checkbox", "anchor", "link", "firstThatFits", "qr"]
    static let commonKeys = ["if", "unless", "width"]

    mutating func template(_ root: JSONReader.Node, file: String) -> ReportTemplate? {
        guard let top = reader.object(root, allowed: ["format", "name", "description", "subject", "title", "page", "body"]) else { return nil }
        if let format = reader.required("format", in: top, expected: "\"reportkit-template/1\""), let text = reader.text(format),
           text != "reportkit-template/1" {
            reader.error(format.path, "unknown template format \"\(text)\"; expected \"reportkit-template/1\"")
        }
        let name = reader.required("name", in: top, expected: "the template's name").flatMap { reader.text($0, maximumLength: 80) }
        let summary = top.optional("description").flatMap { reader.text($0, maximumLength: 500) } ?? ""
        let subject = top.optional("subject").flatMap { reader.choice($0, as: ReportTemplate.Subject.self) } ?? .job
        let title = top.optional("title").flatMap { pattern($0) }
        let page = reader.required("page", in: top, expected: "the page: margins, header and footer").flatMap { self.page($0) }
        let body = reader.required("body", in: top, expected: "an array of nodes").flatMap { nodes($0, depth: 1) }
        guard let name, let page, let body else { return nil }
        return ReportTemplate(name: name, summary: summary, subject: subject, file: file, title: title, page: page, body: body)
    }

    private mutating func page(_ node: JSONReader.Node) -> PageSpec? {
        guard let object = reader.object(node, allowed: ["size", "orientation", "margins", "typeScale", "background", "header", "footer", "runningHeader", "spacing"]) else { return nil }
        var paper: Paper?
        var landscape = false
        if let name = object.optional("size").flatMap({ reader.text($0) }), let path = object.optional("size")?.path {
            switch name.lowercased() {
            case "a4": paper = .a4
            case "letter": paper = .letter
            case "auto": paper = nil
            default: reader.error(path, "unknown paper \"\(name)\"; expected A4, letter or auto (Letter for a job in US units, else A4)")
            }
        }
        if let orientation = object.optional("orientation").flatMap({ reader.text($0) }), let path = object.optional("orientation")?.path {
            switch orientation {
            case "portrait": break
            case "landscape": landscape = true
            default: reader.error(path, "unknown orientation \"\(orientation)\"; expected portrait or landscape")
            }
        }
        var margins = EdgeInsets(all: 40)
        if let node = object.optional("margins") {
            if case .number = node.value, let value = reader.number(node) {
                margins = EdgeInsets(all: value)
            } else if let sides = reader.object(node, allowed: ["top", "right", "bottom", "left"]) {
                func side(_ key: String) -> Double { sides.optional(key).flatMap { reader.number($0) } ?? 40 }
                margins = EdgeInsets(top: side("top"), left: side("left"), bottom: side("bottom"), right: side("right"))
            }
            if [margins.top, margins.left, margins.bottom, margins.right].contains(where: { $0 < 0 || $0 > 200 }) {
                reader.error(node.path, "margins must be from 0 to 200 points")
            }
        }
        var typeScale: Double?
        if let node = object.optional("typeScale") { typeScale = reader.number(node, in: TypeLimits.scale) }
        let background = object.optional("background").flatMap { color($0) }
        let header = object.optional("header").flatMap { nodes($0, depth: 1) } ?? []
        let footer = object.optional("footer").flatMap { nodes($0, depth: 1) } ?? []
        let spacing = object.optional("spacing").flatMap { spacingToken($0) } ?? "md"
        var spec = PageSpec(paper: paper, landscape: landscape, margins: margins, typeScale: typeScale, background: background, header: header, footer: footer, spacing: spacing)
        spec.runningHeader = object.optional("runningHeader").flatMap { nodes($0, depth: 1) } ?? []
        return spec
    }

    private mutating func nodes(_ node: JSONReader.Node, depth: Int) -> [TemplateNode]? {
        guard let elements = reader.array(node) else { return nil }
        let parsed = elements.map { self.node($0, depth: depth) }
        return parsed.contains { $0 == nil } ? nil : parsed.compactMap { $0 }
    }

    private mutating func node(_ node: JSONReader.Node, depth: Int) -> TemplateNode? {
        guard depth <= ReportTemplate.maximumDepth else {
            reader.error(node.path, "nodes are nested more than \(ReportTemplate.maximumDepth) deep")
            return nil
        }
        guard case .object(let object) = node.value else {
            reader.error(node.path, "expected a node (an object such as {\"text\": \"…\"}), found \(node.value.typeDescription)")
            return nil
        }
        let kinds = object.keys.filter(Self.nodeKinds.contains)
        guard kinds.count == 1, let kind = kinds.first else {
            let found = kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
            var message = "a node must have exactly one of \(Self.nodeKinds.joined(separator: ", ")); found \(found)"
            if kinds.isEmpty, let key = object.keys.first(where: { !Self.commonKeys.contains($0) }),
               let suggestion = JSONReader.closest(to: key, in: Self.nodeKinds) {
                message += "; did you mean \"\(suggestion)\" for \"\(key)\"?"
            }
            reader.error(node.path, message)
            return nil
        }
        let value = JSONReader.Node(value: object[kind]!, path: node.path.appending(kind))
        let attributes = Self.attributes[kind] ?? []
        guard let fields = reader.object(node, allowed: [kind] + Self.commonKeys + attributes) else { return nil }

        let condition = condition(fields)
        let width = fields.optional("width").flatMap { columnWidth($0) }

        let parsedKind: TemplateNode.Kind?
        switch kind {
        case "text": parsedKind = text(value, fields).map { .text($0) }
        case "stack":
            let continuation = fields.optional("continuation").flatMap { nodes($0, depth: depth + 1) } ?? []
            parsedKind = nodes(value, depth: depth + 1).map { .stack($0, spacing: spacing(fields, default: "md"), continuation: continuation) }
        case "row":
            let alignment = fields.optional("align").flatMap { reader.choice($0, as: RowAlignment.self) } ?? .top
            parsedKind = nodes(value, depth: depth + 1).map { .row($0, spacing: spacing(fields, default: "lg"), alignment: alignment.alignment) }
        case "card":
            parsedKind = nodes(value, depth: depth + 1).map { children in
                .card(CardSpec(children: children,
                               background: fields.optional("background").flatMap { color($0) } ?? "card.background",
                               border: fields.optional("border").flatMap { color($0) } ?? "card.border",
                               padding: fields.optional("padding").flatMap { spacingToken($0) } ?? "lg",
                               radius: fields.optional("radius").flatMap { radius($0) } ?? "card",
                               spacing: spacing(fields, default: "sm")))
            }
        case "badge":
            let badgeColor = fields.optional("color").flatMap { color($0) } ?? "badge.text"
            parsedKind = pattern(value).map { .badge($0, color: badgeColor) }
        case "table": parsedKind = table(value).map { .table($0) }
        case "pairs": parsedKind = pairs(value, fields).map { .pairs($0) }
        case "each":
            guard let list = valuePath(value),
                  let name = reader.required("as", in: fields, expected: "the name each item has inside, such as \"load\"").flatMap({ identifier($0) }),
                  let children = reader.required("do", in: fields, expected: "the nodes to repeat").flatMap({ nodes($0, depth: depth + 1) }) else { return nil }
            let pageBreak = fields.optional("pageBreakBetween").flatMap { bool($0) } ?? false
            parsedKind = .each(list, as: name, children, spacing: spacing(fields, default: "md"), pageBreakBetween: pageBreak)
        case "divider": parsedKind = color(value).map { .divider(color: $0) }
        case "spacer": parsedKind = spacingToken(value).map { .spacer($0) }
        case "pageBreak": parsedKind = bool(value).map { _ in .pageBreak }
        case "keepTogether": parsedKind = nodes(value, depth: depth + 1).map { .keepTogether($0) }
        case "firstThatFits":
            let onePage = fields.optional("onePage").flatMap { bool($0) } ?? false
            let here = fields.optional("fitsHere").flatMap { bool($0) } ?? false
            if onePage, here, let path = fields.optional("fitsHere")?.path {
                reader.error(path, "cannot stand with \"onePage\"; expected one of them: a whole page, or the space left where the node stands")
            }
            parsedKind = nodes(value, depth: depth + 1).map { .firstThatFits($0, fit: here ? .space : onePage ? .wholePage : .width) }
            if case .array(let elements) = value.value, elements.isEmpty {
                reader.error(value.path, "has no alternatives; expected the layouts to choose from, widest first")
            }
        case "gauges", "gauge", "gaugeLegend":
            parsedKind = gauges(value, single: kind == "gauge", legendOnly: kind == "gaugeLegend").map { .gauges($0) }
        case "checkbox":
            let size = reader.number(value, in: 4...200, unit: "points")
            let boxColor = fields.optional("color").flatMap { color($0) } ?? "text.primary"
            let alternative = fields.optional("alt").flatMap { pattern($0) }
            parsedKind = size.map { .checkbox(size: $0, color: boxColor, alternative: alternative) }
        case "qr":
            let contents: [QRSpec.Content]?
            if case .array = value.value {
                contents = reader.array(value).map { items in items.compactMap { qrContent($0) } }
            } else {
                contents = pattern(value).map { [QRSpec.Content(text: $0)] }
            }
            let size = fields.optional("size").flatMap { reader.number($0, in: 36...500, unit: "points") } ?? 270
            var levels: [QRErrorCorrection] = [.medium, .low]
            if let node = fields.optional("errorCorrection"), let items = reader.array(node) {
                levels = items.compactMap { reader.choice($0, as: QRErrorCorrection.self) }
                if levels.isEmpty { reader.error(node.path, "lists no level; expected some of L, M, Q, H") }
            }
            let alternative = fields.optional("alt").flatMap { pattern($0) }
            let otherwise = fields.optional("otherwise").flatMap { nodes($0, depth: depth + 1) } ?? []
            let beside = fields.optional("beside").flatMap { nodes($0, depth: depth + 1) } ?? []
            if let contents, contents.isEmpty { reader.error(value.path, "has no content; expected a pattern or a list of them, tried in order") }
            let below = fields.optional("captionBelow").flatMap { bool($0) } ?? false
            parsedKind = contents.map {
                .qr(QRSpec(contents: $0, size: size, errorCorrection: levels, alternative: alternative, beside: beside, otherwise: otherwise,
                           captionBelow: below))
            }
        case "anchor", "link":
            guard let target = kind == "link" ? linkPattern(value) : pattern(value),
                  let children = reader.required("content", in: fields, expected: "the nodes inside").flatMap({ nodes($0, depth: depth + 1) }) else { return nil }
            parsedKind = kind == "anchor" ? .anchor(target, children) : .link(target, children)
        default: parsedKind = nil
        }
        guard let parsedKind else { return nil }
        return TemplateNode(path: node.path, condition: condition, width: width, kind: parsedKind)
    }

    /// Attributes each node kind takes besides its own key and the common ones.
    static let attributes: [String: [String]] = [
        "text": ["style", "color", "align", "role", "ellipsize"],
        "stack": ["spacing", "continuation"], "row": ["spacing", "align"], "firstThatFits": ["onePage", "fitsHere"],
        "card": ["background", "border", "padding", "radius", "spacing"],
        "badge": ["color"], "pairs": ["labelStyle", "valueStyle", "labelColor", "labelShare", "spacing", "columns", "labelAbove"],
        "each": ["as", "do", "spacing", "pageBreakBetween"], "checkbox": ["color", "alt"],
        "anchor": ["content"], "link": ["content"], "qr": ["size", "errorCorrection", "alt", "beside", "otherwise", "captionBelow"],
    ]

    private mutating func text(_ value: JSONReader.Node, _ fields: JSONReader.ObjectNode) -> TextSpec? {
        var spans: [TextSpec.Span] = []
        if case .array(let elements) = value.value {
            for (index, element) in elements.enumerated() {
                let path = value.path.appending(index: index)
                guard let span = reader.object(JSONReader.Node(value: element, path: path), allowed: ["text", "style", "color", "if", "unless"]),
                      let pattern = reader.required("text", in: span, expected: "the span's text").flatMap({ self.pattern($0) }) else { continue }
                spans.append(TextSpec.Span(pattern: pattern, style: span.optional("style").flatMap { textStyle($0) },
                                           color: span.optional("color").flatMap { color($0) }, condition: condition(span)))
            }
        } else if let pattern = pattern(value) {
            spans = [TextSpec.Span(pattern: pattern)]
        } else {
            return nil
        }
        return TextSpec(spans: spans,
                        style: fields.optional("style").flatMap { textStyle($0) } ?? "body",
                        color: fields.optional("color").flatMap { color($0) } ?? "text.primary",
                        alignment: fields.optional("align").flatMap { reader.choice($0, as: TextAlignment.self) } ?? .leading,
                        role: fields.optional("role").flatMap { reader.choice($0, as: TextRole.self) }?.role ?? .paragraph,
                        ellipsize: fields.optional("ellipsize").flatMap { bool($0) } ?? false)
    }

    private mutating func table(_ node: JSONReader.Node) -> TableSpec? {
        guard let object = reader.object(node, allowed: ["rows", "as", "columns", "rowLink", "pageSums", "groupStart", "compact", "headerStyle", "cellStyle", "totalStyle"]),
              let rows = reader.required("rows", in: object, expected: "the list to make rows of, such as \"loads\"").flatMap({ valuePath($0) }),
              let name = reader.required("as", in: object, expected: "the name each row's item has, such as \"load\"").flatMap({ identifier($0) }),
              let columnNodes = reader.required("columns", in: object, expected: "an array of columns").flatMap({ reader.array($0) }) else { return nil }
        var columns: [TableSpec.Column] = []
        for columnNode in columnNodes {
            guard let column = reader.object(columnNode, allowed: ["each", "as", "header", "cell", "total", "pageTotal", "width", "align", "if", "unless", "span", "continued"]) else { continue }
            let condition = condition(column)
            var repeats: (ValuePath, String)?
            if let list = column.optional("each").flatMap({ valuePath($0) }),
               let itemName = reader.required("as", in: column, expected: "the name each repeated column's item has").flatMap({ identifier($0) }) {
                repeats = (list, itemName)
            }
            guard let header = reader.required("header", in: column, expected: "the column's header text").flatMap({ pattern($0) }),
                  let cell = reader.required("cell", in: column, expected: "the text of each cell").flatMap({ pattern($0) }) else { continue }
            columns.append(TableSpec.Column(repeats: repeats, header: header, cell: cell,
                                            total: column.optional("total").flatMap { pattern($0) },
                                            pageTotal: column.optional("pageTotal").flatMap { pattern($0) },
                                            width: column.optional("width").flatMap { columnWidth($0) } ?? .fraction(1),
                                            alignment: column.optional("align").flatMap { reader.choice($0, as: TextAlignment.self) } ?? .leading,
                                            condition: condition, spans: column.optional("span").flatMap { bool($0) } ?? false,
                                            continued: column.optional("continued").flatMap { pattern($0) }))
        }
        if columnNodes.isEmpty { reader.error(node.path.appending("columns"), "has no columns; expected at least one") }
        let pageSums = object.optional("pageSums").flatMap { valuePath($0) }
        if pageSums != nil, !columns.contains(where: { $0.pageTotal != nil }) {
            reader.error(node.path.appending("pageSums"), "has no column to show them; expected a column with a \"pageTotal\"")
        }
        if pageSums == nil, columns.contains(where: { $0.pageTotal != nil }) {
            reader.error(node.path.appending("pageSums"), "is missing: a column's \"pageTotal\" prints the page's sums of each row's amounts; expected the rows' amounts, such as \"line.sums\"")
        }
        let groupStart = object.optional("groupStart").flatMap { valuePath($0) }
        if groupStart == nil, columns.contains(where: { $0.spans || $0.continued != nil }) {
            reader.error(node.path.appending("groupStart"), "is missing: a column's \"span\" or \"continued\" needs groups of rows; expected the value that starts a group, such as \"line.isFirstOfJob\"")
        }
        return TableSpec(rows: rows, rowName: name, columns: columns, rowLink: object.optional("rowLink").flatMap { linkPattern($0) },
                         pageSums: pageSums, groupStart: groupStart, compact: object.optional("compact").flatMap { bool($0) } ?? false,
                         headerStyle: object.optional("headerStyle").flatMap { textStyle($0) } ?? "caption",
                         cellStyle: object.optional("cellStyle").flatMap { textStyle($0) } ?? "body",
                         totalStyle: object.optional("totalStyle").flatMap { textStyle($0) } ?? "bodyStrong")
    }

    private mutating func pairs(_ node: JSONReader.Node, _ fields: JSONReader.ObjectNode) -> PairsSpec? {
        guard let elements = reader.array(node) else { return nil }
        var items: [PairsSpec.Item] = []
        for element in elements {
            guard let pair = reader.object(element, allowed: ["label", "value"]),
                  let label = reader.required("label", in: pair, expected: "the label text").flatMap({ pattern($0) }),
                  let value = reader.required("value", in: pair, expected: "the value text; the pair is left out when it is empty").flatMap({ pattern($0) }) else { continue }
            items.append(PairsSpec.Item(label: label, value: value))
        }
        var share = 0.45
        if let node = fields.optional("labelShare"), let value = reader.positiveNumber(node) {
            if value < 1 { share = value } else { reader.error(node.path, "must be between 0 and 1, got \(JSONReader.format(value))") }
        }
        var columns = 1
        if let node = fields.optional("columns"), let value = reader.positiveNumber(node) {
            if value == value.rounded(), value <= 4 { columns = Int(value) } else { reader.error(node.path, "must be a whole number from 1 to 4, got \(JSONReader.format(value))") }
        }
        return PairsSpec(items: items,
                         labelStyle: fields.optional("labelStyle").flatMap { textStyle($0) } ?? "bodySecondary",
                         valueStyle: fields.optional("valueStyle").flatMap { textStyle($0) } ?? "bodySecondary",
                         labelColor: fields.optional("labelColor").flatMap { color($0) } ?? "text.secondary",
                         labelShare: share, spacing: spacing(fields, default: "xs"), columns: columns,
                         labelAbove: fields.optional("labelAbove").flatMap { bool($0) } ?? false)
    }

    private mutating func gauges(_ node: JSONReader.Node, single: Bool, legendOnly: Bool) -> GaugeSpec? {
        guard let object = reader.object(node, allowed: legendOnly ? ["loads"] : ["loads", "load", "height", "width", "labelStyle", "legend"]) else { return nil }
        let key = single ? "load" : "loads"
        guard let loads = reader.required(key, in: object, expected: single ? "the load to draw, such as \"load\"" : "the list of loads, such as \"loads\"").flatMap({ valuePath($0) }) else { return nil }
        func dimension(_ key: String, _ fallback: Double) -> Double {
            object.optional(key).flatMap { reader.number($0, in: 8...800, unit: "points") } ?? fallback
        }
        return GaugeSpec(loads: loads, single: single, height: dimension("height", 90), width: dimension("width", 56),
                         labelStyle: object.optional("labelStyle").flatMap { textStyle($0) } ?? "caption",
                         parts: legendOnly ? .legend : (object.optional("legend").flatMap { bool($0) } ?? !single) ? .both : .tanks)
    }

    // MARK: Values

    /// One content of a QR code: a pattern, or `{"text": pattern, "note": pattern}` with what the
    /// page says when this content is the one drawn.
    private mutating func qrContent(_ node: JSONReader.Node) -> QRSpec.Content? {
        guard case .object = node.value else { return pattern(node).map { QRSpec.Content(text: $0) } }
        guard let fields = reader.object(node, allowed: ["text", "note"]),
              let text = reader.required("text", in: fields, expected: "what the code holds, a pattern").flatMap({ pattern($0) }) else { return nil }
        return QRSpec.Content(text: text, note: fields.optional("note").flatMap { pattern($0) })
    }
}

/// Roles a template can give text, for the tagged PDF's structure.
private enum TextRole: String, CaseIterable {
    case h1, h2, h3, p

    var role: StructureRole {
        switch self {
        case .h1: .heading1
        case .h2: .heading2
        case .h3: .heading3
        case .p: .paragraph
        }
    }
}

private enum RowAlignment: String, CaseIterable {
    case top, center, bottom, stretch

    var alignment: HStack.Alignment {
        switch self {
        case .top: .top
        case .center: .center
        case .bottom: .bottom
        case .stretch: .stretch
        }
    }
}

extension TextAlignment: CaseIterable {
    public static let allCases: [TextAlignment] = [.leading, .center, .trailing]
}
