import CCairo

/// Draws a page's commands onto a cairo context: the one place where layout meets cairo.
struct CairoPainter {
    let context: CairoContext
    let text: PangoTextEngine

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
                }
            case .image(let image):
                try drawImage(image)
            case .beginStructure(let role):
                cairo_tag_begin(cr, role.rawValue, nil)
            case .endStructure(let role):
                cairo_tag_end(cr, role.rawValue)
            case .link(let rect, let target):
                let area = "rect=[\(rect.minX) \(rect.minY) \(rect.width) \(rect.height)]"
                let destination = switch target {
                case .uri(let uri): "uri='\(Self.escaped(uri))'"
                case .internalDestination(let name): "dest='\(Self.escaped(name))'"
                }
                cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(destination) \(area)")
                cairo_tag_end(cr, CAIRO_TAG_LINK)
            case .destination(let name, let point):
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

    /// Cairo's attribute strings quote with single quotes; escape them and backslashes.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
