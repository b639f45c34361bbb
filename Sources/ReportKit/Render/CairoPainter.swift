internal import CCairo

/// Draws a page's commands onto a cairo context: the one place where layout meets cairo.
final class CairoPainter {
    let context: CairoContext
    let text: PangoTextEngine
    /// What each structure element cairo made carries, in the order cairo made them (the order of
    /// its structure tree, depth first): cairo 1.16 writes no attributes, so the finishing stage
    /// adds these to its tree.
    private(set) var structure = StructureElements()
    /// The links drawn, for the finishing stage to make into annotations; nil when cairo makes them.
    private(set) var links: [LinkAnnotation]?
    /// The names of the destinations drawn so far.
    private(set) var destinations: Set<String> = []
    /// The page being drawn: its index in the document and its height (for PDF's y-up rectangles).
    var page = (index: 0, height: 0.0)
    /// The structure elements open now, by their place in ``structure``.
    private var openElements: [Int] = []

    /// Whether a QR code's mask is averaged where it is drawn smaller than it is (a page image),
    /// or written as it is for the viewer or printer to scale (a PDF: crisp at any size).
    private let averagesMasks: Bool

    /// With `linksByFinishing`, links are left to the finishing stage: cairo 1.16 writes the text
    /// before a link's tag outside any marked content when the link's tag interrupts its element.
    /// `averagesMasks` for a page drawn as pixels (PNG).
    init(context: CairoContext, text: PangoTextEngine, linksByFinishing: Bool, averagesMasks: Bool = false) {
        self.context = context
        self.text = text
        links = linksByFinishing ? [] : nil
        self.averagesMasks = averagesMasks
    }

    func draw(_ commands: [DrawCommand]) throws(RenderError) {
        let cr = context.pointer
        for command in commands {
            switch command {
            case .fill(let path, let color):
                trace(path)
                setSource(color)
                cairo_fill(cr)
            case .stroke(let path, let color, let width):
                trace(path)
                setSource(color)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .text(let placed):
                try text.withLayout(for: placed) { set throws(RenderError) in
                    cairo_move_to(cr, placed.origin.x + set.xOffset, placed.origin.y)
                    pango_cairo_show_layout(cr, set.layout.pointer)
                    for mark in set.breakMarks {
                        cairo_save(cr)
                        cairo_translate(cr, placed.origin.x + set.xOffset, placed.origin.y)
                        trace(mark.path)
                        setSource(mark.color)
                        cairo_set_line_width(cr, mark.lineWidth)
                        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                        cairo_stroke(cr)
                        cairo_restore(cr)
                    }
                }
            case .image(let image):
                try drawImage(image)
            case .modules(let modules):
                try drawModules(modules)
            case .beginStructure(let role, let details):
                // Through withCString: a role's name passed as a String argument was copied to the
                // heap for every call (twice an element); withCString reads a short one in place.
                role.rawValue.withCString { cairo_tag_begin(cr, $0, nil) }
                openElements.append(structure.count)
                structure.append(details)
            case .endStructure(let role):
                role.rawValue.withCString { cairo_tag_end(cr, $0) }
                _ = openElements.popLast()
            case .link(let rect, let target, let description) where links != nil:
                let area = Rect(x: rect.minX, y: page.height - rect.maxY, width: rect.width, height: rect.height)
                links?.append(LinkAnnotation(page: page.index, rect: area, target: target, description: description, element: openElements.last))
            case .link(let rect, let target, _):
                let area = "rect=[\(rect.minX) \(rect.minY) \(rect.width) \(rect.height)]"
                let destination = switch target {
                case .uri(let uri): "uri='\(Self.escaped(uri))'"
                case .internalDestination(let name): "dest='\(Self.escaped(name))'"
                }
                cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(destination) \(area)")
                cairo_tag_end(cr, CAIRO_TAG_LINK)
            case .destination(let name, let point):
                destinations.insert(name)
                cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(Self.escaped(name))' x=\(point.x) y=\(point.y)")
                cairo_tag_end(cr, CAIRO_TAG_DEST)
            }
        }
        try context.checkStatus()
    }

    private func trace(_ path: Path) {
        let cr = context.pointer
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(context.pointer, color.red, color.green, color.blue, color.alpha)
    }

    private func drawImage(_ image: PlacedImage) throws(RenderError) {
        let surface = try CairoSurface(PNGReader.surface(from: image.png), what: "an image from PNG data")
        let width = Double(cairo_image_surface_get_width(surface.pointer))
        let height = Double(cairo_image_surface_get_height(surface.pointer))
        let cr = context.pointer
        cairo_save(cr)
        cairo_translate(cr, image.rect.minX, image.rect.minY)
        cairo_scale(cr, image.rect.width / width, image.rect.height / height)
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The modules as a 1-bit mask of ``maskPixelsPerModule`` pixels a module a side, drawn
    /// without smoothing: cairo writes a solid colour through a 1-bit mask as a PDF stencil mask
    /// (an /ImageMask image), a few kilobytes where rectangles took tens of kilobytes of path
    /// operators. A module of several pixels lets a rasteriser that draws the page smaller than
    /// the mask average the pixels: an office scan at 150 dpi sees modules of even width. A mask
    /// of one pixel a module came out as columns of 2 and 3 pixels alternately, and after the
    /// print simulation's blur zbar read none of the codes of 0.40 mm modules.
    private func drawModules(_ modules: PlacedModules) throws(RenderError) {
        let columns = modules.columns, rows = modules.rows
        guard columns > 0, rows > 0, modules.dark.count == columns * rows else { return }
        let scale = Self.maskPixelsPerModule
        let width = columns * scale, height = rows * scale
        let mask = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_A1, Int32(width), Int32(height)), what: "a QR code's mask")
        cairo_surface_flush(mask.pointer)
        guard let data = cairo_image_surface_get_data(mask.pointer) else { throw RenderError("cairo could not make a QR code's mask") }
        let stride = Int(cairo_image_surface_get_stride(mask.pointer))
        // A1 packs pixels into 32-bit words, the first pixel in the least significant bit on a
        // little-endian machine and in the most significant on a big-endian one.
        let littleEndian = UInt32(1).littleEndian == 1
        let words = UnsafeMutableRawPointer(data).bindMemory(to: UInt32.self, capacity: height * stride / 4)
        // Each row of modules set once, into its first line of pixels, then copied to the others.
        for row in 0..<rows {
            let line = words + row * scale * stride / 4
            line.update(repeating: 0, count: stride / 4)
            for column in 0..<columns where modules.dark[row * columns + column] {
                for x in (column * scale)..<((column + 1) * scale) {
                    line[x / 32] |= UInt32(1) << UInt32(littleEndian ? x % 32 : 31 - x % 32)
                }
            }
            for copy in 1..<scale { (line + copy * stride / 4).update(from: line, count: stride / 4) }
        }
        cairo_surface_mark_dirty(mask.pointer)
        let cr = context.pointer
        cairo_save(cr)
        cairo_translate(cr, modules.rect.minX, modules.rect.minY)
        cairo_scale(cr, modules.rect.width / Double(width), modules.rect.height / Double(height))
        setSource(modules.color)
        guard let pattern = cairo_pattern_create_for_surface(mask.pointer) else { throw RenderError("cairo could not make a QR code's mask") }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, averagesMasks ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        cairo_mask(cr, pattern)
        cairo_restore(cr)
    }

    /// Pixels a side of one module in the code's mask: 4 puts 8 pixels of the mask in each
    /// millimetre of a 0.5 mm module, more than an office scan's 6 (150 dpi).
    static let maskPixelsPerModule = 4

    /// Cairo's attribute strings quote with single quotes; escape them and backslashes.
    static func escaped(_ text: String) -> String {
        // Nearly every name and address has neither; Foundation's search would cost more than the drawing.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "'" { result.append("\\") }
            result.append(scalar)
        }
        return String(result)
    }
}

