/// A report ready for layout: its body, its pages' template (margins, header, footer), its
/// outline and document information, and every colour pair it draws (for the contrast check).
package struct ComposedReport: Sendable {
    public let body: any Element
    public let pageTemplate: PageTemplate
    public let outline: [OutlineItem]
    public let info: DocumentInfo
    public let contrast: [ContrastUse]
}

/// The document stage: a template evaluated against a report's data.
package enum ReportComposer {
    /// Evaluates `template` for `data` (from ``ReportData``) in `theme` and `locale`.
    ///
    /// - Parameter anchorPrefix: put before every destination name, so several reports can be
    ///   composed into one document without their links colliding.
    package static func compose(_ template: ReportTemplate, data: TemplateValue, theme: Theme, locale: ReportLocale,
                               info: DocumentInfo = DocumentInfo(), anchorPrefix: String = "",
                               qrEncoder: (any QREncoding)? = nil, paper requestedPaper: Paper? = nil) throws(DefinitionError) -> ComposedReport {
        guard case .record(let root) = data else { throw DefinitionError(file: template.file, "the report data is not a group of fields") }
        let scope = Scope(root: root)
        let builder = TemplateBuilder(template: template, theme: theme, locale: locale, anchorPrefix: anchorPrefix, qrEncoder: qrEncoder)
        let pageBackground = template.page.background.map(builder.color)
        let paper = (pageBackground ?? .white).composited(over: .white)
        let body = VStack(spacing: 0, try builder.build(template.body, scope: scope, background: paper))

        // The header and footer are built again for every page (they show its number); built
        // once here first, so that their errors and colours are known before layout.
        let sample = PageNumber(number: 1, count: 1)
        builder.collectsOutline = false
        let bodyElements = builder.budget.elements
        _ = try pageElement(template.page.header, builder: builder, scope: scope, page: sample, background: paper)
        _ = try pageElement(template.page.footer, builder: builder, scope: scope, page: sample, background: paper)
        _ = try pageElement(template.page.runningHeader, builder: builder, scope: scope, page: sample, background: paper)
        let furniture = builder.budget.elements - bodyElements
        guard furniture <= ExpansionBudget.maximumPageFurnitureElements else {
            throw DefinitionError(file: template.file, at: JSONPath.root.appending("page"),
                "the header and footer make \(furniture) elements, and are made again for every page; at most \(ExpansionBudget.maximumPageFurnitureElements) (a list repeated in the header?)")
        }
        func perPage(_ nodes: [TemplateNode]) -> (@Sendable (PageNumber) -> any Element)? {
            guard !nodes.isEmpty else { return nil }
            return { page in
                let pageBuilder = TemplateBuilder(template: template, theme: theme, locale: locale, anchorPrefix: anchorPrefix)
                pageBuilder.collectsOutline = false
                return (try? pageElement(nodes, builder: pageBuilder, scope: scope, page: page, background: paper)) ?? Spacer(0)
            }
        }
        // The paper: --paper, else the template's, else the job's: Letter for US units.
        let usUnits: Bool = if case .bool(true)? = root["usUnits"] { true } else { false }
        let chosen = requestedPaper ?? template.page.paper ?? (usUnits ? .letter : .a4)
        let size = template.page.landscape ? chosen.size.turned : chosen.size
        var pageTemplate = PageTemplate(size: size, margins: template.page.margins, spacing: builder.space(template.page.spacing),
                                        background: pageBackground, header: perPage(template.page.header), footer: perPage(template.page.footer))
        pageTemplate.runningHeader = perPage(template.page.runningHeader)

        var resolvedInfo = info
        if resolvedInfo.language == nil { resolvedInfo.language = locale.language.rawValue }
        if let title = template.title, resolvedInfo.title == nil {
            resolvedInfo.title = try builder.evaluate(at: JSONPath.root.appending("title")) { () throws(PatternError) in
                try scope.text(title, locale: locale)
            }
        }
        if resolvedInfo.author == nil, case .text(let author)? = root["author"] { resolvedInfo.author = author }
        // The whole SHA-256 of the record the document carries, where a program finds it.
        if resolvedInfo.keywords == nil, case .record(let evidence)? = root["evidence"], case .text(let sha256)? = evidence["sha256"] {
            resolvedInfo.keywords = "record.json SHA-256 \(sha256)"
        }
        return ComposedReport(body: body, pageTemplate: pageTemplate, outline: builder.outline, info: resolvedInfo, contrast: builder.contrast)
    }

    private static func pageElement(_ nodes: [TemplateNode], builder: TemplateBuilder, scope: Scope, page: PageNumber,
                                    background: Color) throws(DefinitionError) -> any Element {
        let pageScope = scope.binding("page", to: .record(["number": .integer(page.number), "count": .integer(page.count)]))
        return VStack(spacing: 0, try builder.build(nodes, scope: pageScope, background: background))
    }
}
