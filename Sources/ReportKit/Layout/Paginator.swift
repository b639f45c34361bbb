/// Flows content through pages of a template. Two passes: the body is laid out first, which fixes
/// the page count; then every page gets its header and footer with "page X of Y".
package enum Paginator {
    /// The most pages one document may have; more means runaway input. A report of the largest
    /// job accepted takes at most a few hundred pages (a tank card of 1,000 loads, 1,000), and
    /// the pages of one document are held in memory until it is drawn (~150 KB each at worst).
    package static let maximumPages = 2_000

    /// Lays `body` out on pages of `template`.
    ///
    /// - Parameter numbering: how pages are numbered; a document made of several reports numbers
    ///   each report's pages from where the previous one ended, out of the whole document's count.
    package static func paginate(_ body: any Element, template: PageTemplate, text: any TextMeasuring,
                                numbering: PageNumber.Scheme = .standalone) throws(LayoutError) -> [Page] {
        let width = template.size.width - template.margins.horizontal
        let sample = PageNumber(number: 1, count: 1)
        let unlimited = LayoutContext(text: text, pageContentHeight: template.size.height)
        var headerHeight = 0.0, footerHeight = 0.0
        if let header = template.header { headerHeight = try height(of: header(sample), width: width, context: unlimited) }
        if let footer = template.footer { footerHeight = try height(of: footer(sample), width: width, context: unlimited) }
        let top = template.margins.top + (headerHeight > 0 ? headerHeight + template.spacing : 0)
        let bottom = template.margins.bottom + (footerHeight > 0 ? footerHeight + template.spacing : 0)
        let content = Size(width: width, height: template.size.height - top - bottom)
        guard content.height > 0, content.width > 0 else {
            throw LayoutError("the page has no room for content: its margins, header and footer take it all")
        }
        let context = LayoutContext(text: text, pageContentHeight: content.height)
        // Pages after the first give the running header its room (and its spacing) at the top.
        var runningHeight = 0.0
        if let running = template.runningHeader { runningHeight = try height(of: running(sample), width: width, context: unlimited) }
        let runningSpace = runningHeight > 0 ? runningHeight + template.spacing : 0
        let laterContent = Size(width: width, height: content.height - runningSpace)
        guard laterContent.height > 0 else {
            throw LayoutError("the page has no room for content: its margins, header, running header and footer take it all")
        }
        let laterContext = LayoutContext(text: text, pageContentHeight: laterContent.height)

        var bodies: [Block] = []
        var remaining: any Element = body
        var emptySplits = 0
        while true {
            guard bodies.count < maximumPages else {
                throw LayoutError("the document would have more than \(maximumPages) pages, the most one report may have; check the number of loads and the length of the names in it")
            }
            let first = bodies.isEmpty
            switch try remaining.layout(in: first ? content : laterContent, context: first ? context : laterContext) {
            case .complete(let block):
                bodies.append(block)
            case .partial(let block, let rest):
                // A page break at the top of a page does not make an empty page; but content that
                // keeps splitting off nothing would never end.
                if block.isEmpty {
                    emptySplits += 1
                    guard emptySplits < 3 else { throw LayoutError("content makes no progress from one page to the next") }
                    if bodies.isEmpty { bodies.append(.empty) }
                } else {
                    emptySplits = 0
                    bodies.append(block)
                }
                remaining = rest
                continue
            case .nothing:
                throw LayoutError("content \(content.height.isFinite ? String(Int(min(content.height, 1e15))) : "endlessly") pt high does not fit on an empty page and cannot be split")
            }
            break
        }

        let origin = Point(x: template.margins.left, y: top)
        var pages: [Page] = []
        for (index, body) in bodies.enumerated() {
            let number = numbering.number(ofPage: index, in: bodies.count)
            var page: [DrawCommand] = []
            if let background = template.background {
                page.append(.fill(.rectangle(Rect(x: 0, y: 0, width: template.size.width, height: template.size.height)), background))
            }
            let shift = index == 0 ? 0 : runningSpace
            page += body.commands(movedBy: Point(x: origin.x, y: origin.y + shift))
            if let header = template.header {
                page += try place(header(number), width: width, at: Point(x: template.margins.left, y: template.margins.top), context: unlimited)
            }
            if index > 0, let running = template.runningHeader {
                page += try place(running(number), width: width, at: Point(x: template.margins.left, y: top), context: unlimited)
            }
            if let footer = template.footer {
                let y = template.size.height - template.margins.bottom - footerHeight
                page += try place(footer(number), width: width, at: Point(x: template.margins.left, y: y), context: unlimited)
            }
            pages.append(Page(size: template.size, commands: page))
        }
        return pages
    }

    private static func height(of element: any Element, width: Double, context: LayoutContext) throws(LayoutError) -> Double {
        guard case .complete(let block) = try element.layout(in: Size(width: width, height: context.pageContentHeight), context: context) else {
            throw LayoutError("the page header or footer is taller than the page")
        }
        return block.size.height
    }

    /// A running header or footer, drawn as decoration: it repeats on every page, so a screen
    /// reader skips it (an artifact, PDF/UA-1 7.8), unless it holds a link, which must be tagged.
    private static func place(_ element: any Element, width: Double, at origin: Point, context: LayoutContext) throws(LayoutError) -> [DrawCommand] {
        guard case .complete(let block) = try element.layout(in: Size(width: width, height: context.pageContentHeight), context: context) else {
            throw LayoutError("the page header or footer is taller than the page")
        }
        let commands = block.commands(movedBy: origin)
        guard !commands.contains(where: { if case .link = $0 { true } else { false } }) else { return commands }
        return commands.filter {
            switch $0 {
            case .beginStructure, .endStructure: false
            default: true
            }
        }
    }
}
