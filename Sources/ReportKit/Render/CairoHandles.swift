internal import CCairo
import Glibc

// Each C object has one Swift owner that frees it exactly once, in deinit. An owner of an object
// that depends on another keeps that other owner alive, so nothing is freed while still in use.
// None of these types leave the Render folder.

/// Owns a `cairo_surface_t`.
final class CairoSurface {
    let pointer: OpaquePointer
    /// What the surface writes into (a stream's sink), kept alive until the surface is destroyed:
    /// destroying an unfinished surface finishes it, and that writes. Freed first, the sink was
    /// written after its end (a batch stopped by a signal, or by a font that failed to open, in
    /// the middle of a combined document: heap corruption).
    private let output: AnyObject?

    /// Takes ownership of a new surface, refusing one cairo made in an error state.
    init(_ pointer: OpaquePointer?, what: String, writingInto output: AnyObject? = nil) throws(RenderError) {
        self.output = output
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

    /// Adds the font `files`, in order.
    ///
    /// Fontconfig describes a font file by reading all of it with FreeType (every glyph's
    /// coverage): 2 ms for the built-in set, which a one-report run pays at every start. The
    /// system's font cache (written by fc-cache when the font packages were installed) holds the
    /// same descriptions; a file whose folder has a cache still valid for it is described from
    /// there; when any is not, all are read.
    func addFonts(_ files: [String], cacheFolder: String = "/var/cache/fontconfig") throws(RenderError) {
        var cached: [String: OpaquePointer] = [:]
        var caches: [OpaquePointer] = []
        defer { caches.forEach { FcDirCacheUnload($0) } }
        if FcConfigParseAndLoadFromMemory(pointer, "<fontconfig><cachedir>\(cacheFolder)</cachedir></fontconfig>", 0) != 0 {
            for folder in Set(files.map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) }).sorted() {
                // Loaded only when still valid for the folder (unchanged since it was written).
                guard let cache = FcDirCacheLoad(folder, pointer, nil) else { continue }
                caches.append(cache)
                guard let set = FcCacheCopySet(cache) else { continue }
                defer { FcFontSetDestroy(set) }
                for index in 0..<Int(set.pointee.nfont) {
                    var file: UnsafeMutablePointer<FcChar8>?
                    guard let pattern = set.pointee.fonts[index], FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch,
                          let file, let copy = FcPatternDuplicate(pattern) else { continue }
                    if let earlier = cached.updateValue(copy, forKey: String(cString: file)) { FcPatternDestroy(earlier) }
                }
            }
        }
        defer { cached.values.forEach { FcPatternDestroy($0) } }
        // All from the cache or all read, so that the fonts stay in the order given (fallback
        // ties are broken by it).
        guard files.allSatisfy({ cached[$0] != nil }) else {
            for file in files where FcConfigAppFontAddFile(pointer, file) == 0 {
                throw RenderError("fontconfig could not read the font file \(file)")
            }
            return
        }
        // The configuration has no font folders, so building it makes an empty set of system
        // fonts, for the cached descriptions.
        guard FcConfigBuildFonts(pointer) != 0, let system = FcConfigGetFonts(pointer, FcSetSystem) else {
            throw RenderError("fontconfig could not make its set of fonts")
        }
        for file in files {
            // The set owns what it is given.
            guard let pattern = cached.removeValue(forKey: file), FcFontSetAdd(system, pattern) != 0 else {
                throw RenderError("fontconfig could not add the font file \(file)")
            }
        }
    }

    /// Each font as fontconfig describes it (file, family, style, weight, slant, characters
    /// covered), in the order they were added: what matching and fallback are decided from.
    var fontDescriptions: [String] {
        [FcSetSystem, FcSetApplication].flatMap { kind -> [String] in
            guard let set = FcConfigGetFonts(pointer, kind) else { return [] }
            return (0..<Int(set.pointee.nfont)).compactMap { index in
                guard let pattern = set.pointee.fonts[index] else { return nil }
                func text(_ key: String) -> String {
                    var value: UnsafeMutablePointer<FcChar8>?
                    return FcPatternGetString(pattern, key, 0, &value) == FcResultMatch ? value.map { String(cString: $0) } ?? "" : ""
                }
                func integer(_ key: String) -> Int32 {
                    var value: Int32 = -1
                    _ = FcPatternGetInteger(pattern, key, 0, &value)
                    return value
                }
                var charset: OpaquePointer?
                let covered = FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch ? FcCharSetCount(charset) : 0
                return "\(text(FC_FILE)) \(text(FC_FAMILY)) \(text(FC_STYLE)) \(integer(FC_WEIGHT)) \(integer(FC_SLANT)) \(covered)"
            }
        }
    }
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
        //
        // Setting it clears the map's caches, its table of font patterns among them, and Pango's
        // fontconfig thread finishes a font look-up (FcFontSetSort) after the call that asked for
        // it has returned, its last step reading that table. Cleared under it, the table crashed
        // report-gen (SIGFPE in g_hash_table_lookup on that thread, once in thousands of runs;
        // a map still had look-ups under way at 170 of 900 engines' ends). Every look-up holds a
        // reference to the map, so the configuration is cleared only once ours is the last; if
        // that takes too long, it is left to the map (a leak rather than a crash).
        if Self.waitUntilLastReference(UnsafeMutableRawPointer(pointer), within: .seconds(2)) {
            pango_fc_font_map_set_config(OpaquePointer(pointer), nil)
        }
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Waits until the caller holds the only reference to the GObject `object`, and tells whether
    /// it came to that within `limit`. Other threads are expected to let theirs go soon: it polls,
    /// first yielding, then sleeping up to a millisecond at a time.
    static func waitUntilLastReference(_ object: UnsafeMutableRawPointer, within limit: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var pause: UInt32 = 0
        while reportkit_object_reference_count(object) > 1 {
            guard clock.now < deadline else { return false }
            if pause == 0 { sched_yield() } else { usleep(pause) }
            pause = pause == 0 ? 50 : min(pause * 2, 1_000)
        }
        return true
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
