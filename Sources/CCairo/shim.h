#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H
// The C surface ReportKit's render stage uses: cairo (PDF and image surfaces) and Pango through
// pangocairo. Only Sources/ReportKit/Render may import this module.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

// A GObject's reference count, read as GLib writes it (atomically, from any thread).
static inline unsigned int reportkit_object_reference_count(void *object) {
    return (unsigned int) g_atomic_int_get(&((GObject *) object)->ref_count);
}
#endif
