import CCairo

/// Renders a laid-out page to a PNG image at a given resolution, from the same layout as the PDF.
public struct PNGRenderer: Sendable {
    public let text: PangoTextEngine

    public init(text: PangoTextEngine) {
        self.text = text
    }

    /// The page as PNG bytes, `dpi` pixels per inch, on a white background.
    public func render(_ page: Page, dpi: Double = 96) throws(RenderError) -> [UInt8] {
        guard dpi > 0, dpi <= 1_200 else { throw RenderError("the resolution must be between 1 and 1200 dpi, got \(dpi)") }
        let scale = dpi / 72
        let width = Int32((page.size.width * scale).rounded(.up)), height = Int32((page.size.height * scale).rounded(.up))
        let surface = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), what: "a \(width)×\(height) image")
        let context = try CairoContext(surface: surface)
        cairo_set_source_rgb(context.pointer, 1, 1, 1)
        cairo_paint(context.pointer)
        cairo_scale(context.pointer, scale, scale)
        try CairoPainter(context: context, text: text).draw(page.commands)
        cairo_surface_flush(surface.pointer)

        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface.pointer, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo could not encode the PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }
}
