/// Evaluates a template against a report's data: the document stage. Every node becomes layout
/// elements in the theme's tokens; every colour drawn on a background is recorded for the
/// contrast check; headings become outline entries.
final class TemplateBuilder {
    let template: ReportTemplate
    let theme: Theme
    let locale: ReportLocale
    /// The factor the whole type scale is drawn at on this page.
    let scale: Double
    private(set) var contrast: [ContrastUse] = []
    private(set) var outline: [OutlineItem] = []
    /// Whether headings become outline entries (the header and footer are built once per page).
    var collectsOutline = true
    /// Prefixes destination names, so several reports can share one document.
    let anchorPrefix: String
    /// What this builder has made so far, bounded: spent by every node built, here and in this
    /// type's extensions (a table's cells).
    var budget = ExpansionBudget()
    /// Makes the QR codes of `qr` nodes; without one they show their `otherwise` nodes.
    let qrEncoder: (any QREncoding)?

    init(template: ReportTemplate, theme: Theme, locale: ReportLocale, anchorPrefix: String = "", qrEncoder: (any QREncoding)? = nil) {
        self.qrEncoder = qrEncoder
        self.template = template
        self.theme = theme
        self.locale = locale
        self.scale = template.page.typeScale ?? theme.printScale
        self.anchorPrefix = anchorPrefix
    }

    /// The smallest module that still scans from a printed page: 0.5 mm, 3 pixels of an office
    /// scan at 150 dpi. Measured through the print simulation of issue 54 (`pdftoppm -gray -r 150`,
    /// then a Gaussian blur of σ = 0.1 mm, a whole page): zbar read 1 in 4 codes of 0.45 mm
    /// modules and every one of 0.5 mm, at M and at L; zxing-cpp read all of them.
    static let minimumQRModule = 0.5 / 25.4 * 72
    /// No code is drawn smaller than this (about 42 mm), however little it holds.
    static let smallestQRCode = 120.0

    /// The first content, at the first error correction level, whose code fits in `spec.size` with
    /// modules large enough to scan; else the `otherwise` nodes: never a code that does not scan.
    private func qrCode(_ spec: QRSpec, node: TemplateNode, scope: Scope, background: Color) throws(DefinitionError) -> [any Element] {
        if let qrEncoder {
            // The most of the record that fits, at the strongest error correction it fits at:
            // the smaller forms leave out what a reader needs (the names of the products, the
            // parcels), and with modules of 0.5 mm a code at level L still scans from an office
            // scan (QRPrintScanTests), where a smaller record at M would not have to.
            for content in spec.contents {
                for level in spec.errorCorrection {
                    let text = try evaluate(node) { () throws(PatternError) in try scope.text(content.text, locale: locale) }
                    guard !text.isEmpty else { continue }
                    // The widest code whose modules still scan in `spec.size`, quiet zone included.
                    let widest = Int((spec.size / Self.minimumQRModule).rounded(.down)) - 2 * QRCodeElement.quietZone
                    guard let code = qrEncoder.encode(text, errorCorrection: level, maximumWidth: widest) else { continue }
                    // As large as its modules need, up to `size`: a short record makes a small code.
                    let needed = Double(code.width + 2 * QRCodeElement.quietZone) * Self.minimumQRModule
                    guard needed <= spec.size else { continue }
                    let size = max(needed, min(spec.size, Self.smallestQRCode))
                    let words = try spec.alternative.map { pattern throws(DefinitionError) in
                        try evaluate(node) { () throws(PatternError) in try scope.text(pattern, locale: locale) }
                    } ?? locale["qr.alt"]
                    let element = QRCodeElement(code: code, size: size, alternativeText: words)
                    var beside = try build(spec.beside, scope: scope, background: background)
                    // What this content leaves out of the record, said under the heading.
                    if let note = content.note {
                        let said = try evaluate(node) { () throws(PatternError) in try scope.text(note, locale: locale) }
                        if !said.isEmpty {
                            let foreground = color("text.secondary")
                            let style = textStyle("captionSmall", color: foreground)
                            record(foreground, on: background, style: style, node: node, sample: said)
                            beside.append(Text(said, style: style))
                        }
                    }
                    guard !beside.isEmpty else { return [element] }
                    if spec.captionBelow {
                        return [KeepTogether(VStack(spacing: space("xs"), [element] + beside))]
                    }
                    return [KeepTogether(HStack(spacing: space("md"), alignment: .top, origin: origin(node), [
                        HStack.Item(element, width: .fixed(size)), HStack.Item(VStack(spacing: space("xs"), beside), width: .fraction(1)),
                    ]))]
                }
            }
        }
        return try build(spec.otherwise, scope: scope, background: background)
    }

    func build(_ nodes: [TemplateNode], scope: Scope, background: Color) throws(DefinitionError) -> [any Element] {
        var elements: [any Element] = []
        for node in nodes {
            guard try holds(node.condition, node: node, scope: scope) else { continue }
            try budget.spend(for: node, in: template.file)
            elements += try build(node, scope: scope, background: background)
        }
        return elements
    }

    private func build(_ node: TemplateNode, scope: Scope, background: Color) throws(DefinitionError) -> [any Element] {
        switch node.kind {
        case .text(let spec):
            return try text(spec, node: node, scope: scope, background: background).map { [$0] } ?? []
        case .stack(let children, let spacing, let continuation):
            let stack = VStack(spacing: space(spacing), try build(children, scope: scope, background: background))
            guard !continuation.isEmpty else { return [stack] }
            return [Continuing(stack, heading: VStack(spacing: space(spacing), try build(continuation, scope: scope, background: background) + [Spacer(space(spacing))]))]
        case .row(let children, let spacing, let alignment):
            var items: [HStack.Item] = []
            for child in children {
                guard try isShown(child, scope: scope) else { continue }
                let built = try build(child, scope: scope, background: background)
                let element: any Element = built.count == 1 ? built[0] : VStack(spacing: 0, built)
                items.append(HStack.Item(element, width: child.width ?? .fraction(1)))
            }
            return items.isEmpty ? [] : [HStack(spacing: space(spacing), alignment: alignment, origin: origin(node), items)]
        case .card(let spec):
            let fill = color(spec.background)
            let inside = fill.composited(over: background)
            let children = try build(spec.children, scope: scope, background: inside)
            guard !children.isEmpty else { return [] }
            return [Box(VStack(spacing: space(spec.spacing), children), padding: EdgeInsets(all: space(spec.padding)),
                        background: fill, border: spec.border.map(color), borderWidth: 1,
                        cornerRadius: theme.radii[spec.radius] ?? 0, keepsTogether: true)]
        case .badge(let pattern, let colorName):
            let label = try evaluate(node) { () throws(PatternError) in try scope.text(pattern, locale: locale) }
            guard !label.isEmpty else { return [] }
            let foreground = color(colorName)
            let fill = foreground.withAlpha(color("badge.background").alpha)
            let inside = fill.composited(over: background)
            let style = textStyle("captionStrong", color: foreground)
            record(foreground, on: inside, style: style, node: node, sample: label)
            let padding = EdgeInsets(top: space("xs") / 2, left: space("sm"), bottom: space("xs") / 2, right: space("sm"))
            return [Box(Text(StyledText(label, style: style)), padding: padding, background: fill,
                        cornerRadius: theme.radii["capsule"] ?? 999, hugsContent: true)]
        case .table(let spec):
            return try table(spec, node: node, scope: scope, background: background).map { [$0] } ?? []
        case .pairs(let spec):
            return try pairs(spec, node: node, scope: scope, background: background).map { [$0] } ?? []
        case .each(let path, let name, let children, let spacing, let pageBreakBetween):
            let items = try list(path, node: node, scope: scope)
            var elements: [any Element] = []
            for (index, item) in items.enumerated() {
                if index > 0, pageBreakBetween { elements.append(PageBreak()) }
                elements += try build(children, scope: scope.binding(name, to: item), background: background)
            }
            return elements.isEmpty ? [] : [VStack(spacing: space(spacing), elements)]
        case .divider(let colorName):
            // A divider only separates; it carries no meaning of its own, so it is not contrast-checked.
            return [Divider(color: color(colorName), thickness: 1)]
        case .spacer(let spacing):
            return [Spacer(space(spacing))]
        case .pageBreak:
            return [PageBreak()]
        case .keepTogether(let children):
            return [KeepTogether(VStack(spacing: 0, try build(children, scope: scope, background: background)))]
        case .gauges(let spec):
            return try TankGauges(builder: self, spec: spec, node: node, scope: scope, background: background).elements()
        case .checkbox(let size, let colorName, let alternative):
            let stroke = color(colorName)
            record(stroke, on: background, kind: .graphic, node: node, sample: "checkbox")
            let box = Path.roundedRectangle(Rect(x: 1, y: 1, width: size - 2, height: size - 2), radius: min(4, size / 6))
            let words = try alternative.map { pattern throws(DefinitionError) in
                try evaluate(node) { () throws(PatternError) in try scope.text(pattern, locale: locale) }
            } ?? locale["checkbox.alt"]
            return [Drawing(size: Size(width: size, height: size), commands: [.stroke(box, stroke, lineWidth: 2)], alternativeText: words)]
        case .qr(let spec):
            return try qrCode(spec, node: node, scope: scope, background: background)
        case .firstThatFits(let alternatives, let fit):
            var built: [any Element] = []
            // Only one alternative is drawn: each names its headings as the first does (the same
            // anchors, in the same order), and the outline keeps them once.
            let outlineBefore = outline
            var outlineAfter: [OutlineItem]?
            for alternative in alternatives where try isShown(alternative, scope: scope) {
                outline = outlineBefore
                let elements = try build(alternative, scope: scope, background: background)
                if outlineAfter == nil { outlineAfter = outline }
                if !elements.isEmpty { built.append(elements.count == 1 ? elements[0] : VStack(spacing: 0, elements)) }
            }
            outline = outlineAfter ?? outlineBefore
            return built.isEmpty ? [] : [FirstFitting(built, fit: fit, origin: origin(node))]
        case .anchor(let pattern, let children):
            let name = try evaluate(node) { () throws(PatternError) in try scope.text(pattern, locale: locale) }
            return [Anchor(anchorPrefix + name, VStack(spacing: 0, try build(children, scope: scope, background: background)))]
        case .link(let pattern, let children):
            let target = try evaluate(node) { () throws(PatternError) in try scope.text(pattern, locale: locale) }
            let content = VStack(spacing: 0, try build(children, scope: scope, background: background))
            return [try linkTarget(target, node: node).map { Linked($0, content) } ?? content]
        }
    }

    /// The web address schemes a link may use. Anything else (`javascript:`, `file:`, `data:`, a
    /// launch action in disguise) is refused: a report is opened by people who trust it.
    static let linkSchemes = ["https:", "http:", "mailto:"]

    /// `#name` is a destination in this document, anything else a web address with one of
    /// ``linkSchemes``; an empty target (a value absent from this report) makes no link.
    func linkTarget(_ target: String, node: TemplateNode) throws(DefinitionError) -> LinkTarget? {
        if target.isEmpty || target == "#" { return nil }
        if target.hasPrefix("#") { return .internalDestination(anchorPrefix + String(target.dropFirst())) }
        let lowercased = target.lowercased()
        guard Self.linkSchemes.contains(where: { lowercased.hasPrefix($0) }),
              !target.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
            let shown = target.count > 60 ? target.prefix(60) + "…" : Substring(target)
            throw DefinitionError(file: template.file, at: node.path,
                                  "the link \"\(shown)\" is not allowed; a link goes to #name (a place in this report) or to an address starting with \(Self.linkSchemes.joined(separator: ", ")), without spaces")
        }
        return .uri(target)
    }

    // MARK: Text

    private func text(_ spec: TextSpec, node: TemplateNode, scope: Scope, background: Color) throws(DefinitionError) -> (any Element)? {
        var runs: [StyledText.Run] = []
        for span in spec.spans {
            guard try holds(span.condition, node: node, scope: scope) else { continue }
            let string = try evaluate(node) { () throws(PatternError) in try scope.text(span.pattern, locale: locale) }
            guard !string.isEmpty else { continue }
            try budget.spend(elements: 0, textBytes: string.utf8.count, for: node, in: template.file)
            let foreground = color(span.color ?? spec.color)
            let style = textStyle(span.style ?? spec.style, color: foreground)
            record(foreground, on: background, style: style, node: node, sample: string)
            runs.append(StyledText.Run(string, style: style))
        }
        let content = StyledText(runs: runs)
        guard !content.isEmpty else { return nil }
        let isHeading = [.heading1, .heading2, .heading3].contains(spec.role)
        let element = Text(content, alignment: spec.alignment, ellipsize: spec.ellipsize, role: spec.role, keepsWithNext: isHeading)
        guard isHeading, collectsOutline, spec.role != .heading3 else { return element }
        let destination = "\(anchorPrefix)section-\(outline.count + 1)"
        outline.append(OutlineItem(title: content.string, destination: destination, level: spec.role == .heading1 ? 0 : 1))
        return Anchor(destination, element)
    }

    // MARK: Pairs

    private func pairs(_ spec: PairsSpec, node: TemplateNode, scope: Scope, background: Color) throws(DefinitionError) -> (any Element)? {
        var pairs: [PairGrid.Pair] = []
        for item in spec.items {
            let value = try evaluate(node) { () throws(PatternError) in try scope.text(item.value, locale: locale) }
            guard !value.isEmpty else { continue }
            let label = try evaluate(node) { () throws(PatternError) in try scope.text(item.label, locale: locale) }
            let labelColor = color(spec.labelColor), valueColor = color("text.primary")
            let labelStyle = textStyle(spec.labelStyle, color: labelColor)
            let valueStyle = textStyle(spec.valueStyle, color: valueColor)
            record(labelColor, on: background, style: labelStyle, node: node, sample: label)
            record(valueColor, on: background, style: valueStyle, node: node, sample: value)
            pairs.append(PairGrid.Pair(label: Text(StyledText(label, style: labelStyle)), value: Text(StyledText(value, style: valueStyle))))
        }
        guard !pairs.isEmpty else { return nil }
        var grid = PairGrid(pairs: pairs, columns: spec.columns, labelShare: spec.labelShare, labelSpacing: space("sm"),
                            columnSpacing: space(spec.labelAbove ? "md" : "lg"), lineSpacing: space(spec.spacing))
        grid.labelAbove = spec.labelAbove
        return grid
    }

    // MARK: Tokens and values

    /// Whether a node's condition lets it show.
    func isShown(_ node: TemplateNode, scope: Scope) throws(DefinitionError) -> Bool {
        try holds(node.condition, node: node, scope: scope)
    }

    /// True when there is no condition, or its value is present (or, negated, absent).
    func holds(_ condition: Condition?, node: TemplateNode, scope: Scope) throws(DefinitionError) -> Bool {
        guard let condition else { return true }
        let value = try evaluate(node) { () throws(PatternError) in try scope.value(condition.path) }
        return value.isTruthy != condition.negated
    }

    func list(_ path: ValuePath, node: TemplateNode, scope: Scope) throws(DefinitionError) -> [TemplateValue] {
        let value = try evaluate(node) { () throws(PatternError) in try scope.value(path) }
        switch value {
        case .list(let items): return items
        case .absent: return []
        default: throw DefinitionError(file: template.file, at: node.path, "\"\(path)\" is \(value.kindDescription); expected a list")
        }
    }

    func evaluate<Value>(_ node: TemplateNode, _ body: () throws(PatternError) -> Value) throws(DefinitionError) -> Value {
        try evaluate(at: node.path, body)
    }

    /// Runs `body`, turning a placeholder or name problem into an error at `path` of the template.
    func evaluate<Value>(at path: JSONPath, _ body: () throws(PatternError) -> Value) throws(DefinitionError) -> Value {
        do {
            return try body()
        } catch {
            throw DefinitionError(file: template.file, at: path, error.message)
        }
    }

    /// "spray-report.json: $.body[12]", for layout errors about this node.
    func origin(_ node: TemplateNode) -> String {
        "\(template.file): \(node.path)"
    }

    /// Token names were checked when the template loaded, so a missing one here is a programming error.
    func color(_ name: String) -> Color { theme.colors[name] ?? .black }
    func space(_ name: String) -> Double { theme.spacing[name] ?? 0 }
    func textStyle(_ name: String, color: Color) -> TextStyle {
        theme.textStyle(name, scale: scale, color: color) ?? TextStyle(size: 12 * scale, color: color)
    }

    func record(_ foreground: Color, on background: Color, style: TextStyle, node: TemplateNode, sample: String) {
        record(foreground, on: background, kind: .text(size: style.size, weight: style.weight), node: node, sample: sample)
    }

    func record(_ foreground: Color, on background: Color, kind: ContrastUse.Kind, node: TemplateNode, sample: String) {
        contrast.append(ContrastUse(foreground: foreground, background: background, kind: kind,
                                    file: template.file, path: node.path, sample: sample))
    }
}
