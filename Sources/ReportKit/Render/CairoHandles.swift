import CCairo

// Each C object has one Swift owner that frees it exactly once, in deinit. An owner of an object
// that depends on another keeps that other owner alive, so nothing is freed while still in use.
// None of these types leave the Render folder.

/// Owns a `cairo_surface_t`.
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes ownership of a new surface, refusing one cairo made in an error state.
    init(_ pointer: OpaquePointer?, what: String) throws(RenderError) {
        guard let pointer else { throw RenderError("cairo could not create \(what)") }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw RenderError("cairo could not create \(what): \(String(cString: cairo_status_to_string(status)))")
        }
        self.pointer = pointer
    }

    /// Writes everything out; reports a failure cairo met on the way (a write error, bad tags).
    func finish() throws(RenderError) {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit { cairo_surface_destroy(pointer) }
}

/// Owns a `cairo_t` and keeps its surface alive.
final class CairoContext {
    let pointer: OpaquePointer
    let surface: CairoSurface

    init(surface: CairoSurface) throws(RenderError) {
        guard let pointer = cairo_create(surface.pointer) else { throw RenderError("cairo could not create a drawing context") }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw RenderError("cairo could not create a drawing context: \(String(cString: cairo_status_to_string(status)))")
        }
        self.pointer = pointer
        self.surface = surface
    }

    func checkStatus() throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo failed while drawing: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit { cairo_destroy(pointer) }
}

/// Owns a fontconfig configuration.
final class FontConfiguration {
    let pointer: OpaquePointer

    init() throws(RenderError) {
        guard let pointer = FcConfigCreate() else { throw RenderError("fontconfig could not create a configuration") }
        self.pointer = pointer
    }

    deinit { FcConfigDestroy(pointer) }
}

/// Owns a Pango font map and keeps its fontconfig configuration alive.
final class PangoFontMap {
    let pointer: UnsafeMutablePointer<CCairo.PangoFontMap>
    let configuration: FontConfiguration

    init(configuration: FontConfiguration) throws(RenderError) {
        guard let pointer = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw RenderError("Pango could not create a FreeType font map")
        }
        // The FreeType font map is a fontconfig font map: give it our private configuration.
        pango_fc_font_map_set_config(OpaquePointer(pointer), configuration.pointer)
        self.pointer = pointer
        self.configuration = configuration
    }

    deinit {
        // Pango (1.50) takes a reference to the configuration in set_config and gives it back
        // only when another one is set, not when the map is finalised: without this, every text
        // engine left its fontconfig configuration and font patterns behind (~50 KB, valgrind).
        pango_fc_font_map_set_config(OpaquePointer(pointer), nil)
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}

/// Owns a Pango context and keeps its font map alive.
final class PangoContext {
    let pointer: OpaquePointer
    let fontMap: PangoFontMap

    init(fontMap: PangoFontMap) throws(RenderError) {
        guard let pointer = pango_font_map_create_context(fontMap.pointer) else {
            throw RenderError("Pango could not create a context")
        }
        self.pointer = pointer
        self.fontMap = fontMap
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// Owns a Pango layout and keeps its context alive.
final class PangoLayout {
    let pointer: OpaquePointer
    let context: PangoContext

    init(context: PangoContext) throws(RenderError) {
        guard let pointer = pango_layout_new(context.pointer) else { throw RenderError("Pango could not create a layout") }
        self.pointer = pointer
        self.context = context
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// Owns a Pango font description.
final class FontDescription {
    let pointer: OpaquePointer

    init() throws(RenderError) {
        guard let pointer = pango_font_description_new() else { throw RenderError("Pango could not create a font description") }
        self.pointer = pointer
    }

    deinit { pango_font_description_free(pointer) }
}
