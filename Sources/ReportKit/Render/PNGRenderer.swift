internal import CCairo

/// Renders a laid-out page to a PNG image at a given resolution, from the same layout as the PDF.
package struct PNGRenderer: Sendable {
    package let text: PangoTextEngine

    package init(text: PangoTextEngine) {
        self.text = text
    }

    /// The page as PNG bytes, `dpi` pixels per inch, on a white background.
    package func render(_ page: Page, dpi: Double = 96) throws(RenderError) -> [UInt8] {
        let surface = try draw(page, dpi: dpi)

        return try PNGEncoder.encode(surface)
    }

    /// The page's pixels, for comparing renderings.
    package func raster(_ page: Page, dpi: Double = 96) throws(RenderError) -> Raster {
        let surface = try draw(page, dpi: dpi)
        let width = Int(cairo_image_surface_get_width(surface.pointer))
        let height = Int(cairo_image_surface_get_height(surface.pointer))
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError("cairo gave no pixel data") }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // ARGB32 is a native-endian 32-bit word; the background is opaque, so no unpremultiplying.
                let pixel = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                let offset = (y * width + x) * 3
                rgb[offset] = UInt8((pixel >> 16) & 0xFF)
                rgb[offset + 1] = UInt8((pixel >> 8) & 0xFF)
                rgb[offset + 2] = UInt8(pixel & 0xFF)
            }
        }
        return Raster(width: width, height: height, rgb: rgb)
    }

    private func draw(_ page: Page, dpi: Double) throws(RenderError) -> CairoSurface {
        guard dpi > 0, dpi <= 1_200 else { throw RenderError("the resolution must be between 1 and 1200 dpi, got \(dpi)") }
        let scale = dpi / 72
        let width = Int32((page.size.width * scale).rounded(.up)), height = Int32((page.size.height * scale).rounded(.up))
        let surface = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), what: "a \(width)×\(height) image")
        let context = try CairoContext(surface: surface)
        cairo_set_source_rgb(context.pointer, 1, 1, 1)
        cairo_paint(context.pointer)
        cairo_scale(context.pointer, scale, scale)
        try CairoPainter(context: context, text: text, linksByFinishing: false, averagesMasks: true).draw(page.commands)
        cairo_surface_flush(surface.pointer)
        return surface
    }
}

/// An image's pixels as 8-bit RGB, row by row.
package struct Raster: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package let rgb: [UInt8]

    package init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Reads a binary PPM (P6), the format `pdftoppm` writes by default.
    package init?(ppm bytes: [UInt8]) {
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var value = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { value = value * 10 + Int(bytes[index] - 0x30); index += 1 }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, bytes.count - index == fields[0] * fields[1] * 3 else { return nil }
        self.init(width: fields[0], height: fields[1], rgb: Array(bytes[index...]))
    }

    /// The image softened by a (2r+1)² box filter: two renderers' sub-pixel glyph placement
    /// differs by less than a pixel, which this evens out, while a real shift of content does not.
    package func blurred(radius: Int) -> Raster {
        guard radius > 0 else { return self }
        var out = rgb
        for y in 0..<height {
            for x in 0..<width {
                var sums = (0, 0, 0), count = 0
                for dy in -radius...radius where (0..<height).contains(y + dy) {
                    for dx in -radius...radius where (0..<width).contains(x + dx) {
                        let offset = ((y + dy) * width + x + dx) * 3
                        sums.0 += Int(rgb[offset]); sums.1 += Int(rgb[offset + 1]); sums.2 += Int(rgb[offset + 2])
                        count += 1
                    }
                }
                let offset = (y * width + x) * 3
                out[offset] = UInt8(sums.0 / count); out[offset + 1] = UInt8(sums.1 / count); out[offset + 2] = UInt8(sums.2 / count)
            }
        }
        return Raster(width: width, height: height, rgb: out)
    }

    /// How two images of the same size differ: the share of pixels whose largest channel
    /// difference exceeds `threshold`, and the box around them.
    package func difference(from other: Raster, threshold: UInt8 = 64) -> (share: Double, differing: Int, bounds: Rect?)? {
        guard width == other.width, height == other.height else { return nil }
        var differing = 0
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                let delta = (0..<3).map { abs(Int(rgb[offset + $0]) - Int(other.rgb[offset + $0])) }.max() ?? 0
                if delta > Int(threshold) {
                    differing += 1
                    minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                }
            }
        }
        let bounds = differing > 0 ? Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1)) : nil
        return (Double(differing) / Double(width * height), differing, bounds)
    }
}

extension Raster {
    /// The image encoded as PNG (for diff images a developer can open).
    package func png() throws(RenderError) -> [UInt8] {
        let surface = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
                                       what: "a \(width)×\(height) image")
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError("cairo gave no pixel data") }
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                let pixel = UInt32(rgb[offset]) << 16 | UInt32(rgb[offset + 1]) << 8 | UInt32(rgb[offset + 2])
                UnsafeMutableRawPointer(data + y * stride + x * 4).storeBytes(of: pixel, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return try PNGEncoder.encode(surface)
    }

    /// An image of where two rasters differ: unchanged pixels faded, differing ones red.
    package func differenceImage(against other: Raster, threshold: UInt8 = 64) -> Raster? {
        guard width == other.width, height == other.height else { return nil }
        var out = [UInt8](repeating: 0, count: rgb.count)
        for index in stride(from: 0, to: rgb.count, by: 3) {
            let delta = (0..<3).map { abs(Int(rgb[index + $0]) - Int(other.rgb[index + $0])) }.max() ?? 0
            if delta > Int(threshold) {
                out[index] = 220; out[index + 1] = 30; out[index + 2] = 30
            } else {
                for channel in 0..<3 { out[index + channel] = UInt8(191 + Int(rgb[index + channel]) / 4) }
            }
        }
        return Raster(width: width, height: height, rgb: out)
    }
}
