/*
 * The benchmark's baseline: the page reportkit-bench draws (Sources/reportkit-bench/BenchmarkPage.swift),
 * drawn by a minimal C program calling cairo and Pango directly, with the same private fontconfig
 * configuration, one Pango context for all documents, each document written to memory, and the
 * same tagged structure (Document, H1, P, Table, TR, TH, TD) that ReportKit writes, since a tagged
 * PDF is part of the page.
 * Prints the milliseconds per document. Built and run by scripts/bench.sh.
 */
#include <cairo.h>
#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { unsigned char *data; size_t length, capacity; } buffer_t;

static cairo_status_t write_to_buffer(void *closure, const unsigned char *data, unsigned int length) {
    buffer_t *buffer = closure;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 65536;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (!grown) return CAIRO_STATUS_NO_MEMORY;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
    return CAIRO_STATUS_SUCCESS;
}

/* Draws one paragraph at (x, y) wrapped to width; returns its height. */
static double draw_text(cairo_t *cr, PangoContext *context, const char *tag, const char *text, const char *font,
                        double size, double line_height, int tabular, double x, double y, double width) {
    cairo_tag_begin(cr, tag, NULL);
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_text(layout, text, -1);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    PangoAttrList *attributes = pango_attr_list_new();
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    pango_attr_list_insert(attributes, pango_attr_font_desc_new(description));
    pango_attr_list_insert(attributes, pango_attr_foreground_new(9830, 9830, 9175));
    pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute((int)(size * line_height * PANGO_SCALE)));
    if (tabular) pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum"));
    pango_layout_set_attributes(layout, attributes);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    int height;
    pango_layout_get_size(layout, NULL, &height);
    pango_font_description_free(description);
    pango_attr_list_unref(attributes);
    g_object_unref(layout);
    cairo_tag_end(cr, tag);
    return (double)height / PANGO_SCALE;
}

static void draw_document(PangoContext *context, int job, buffer_t *buffer) {
    buffer->length = 0;
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(write_to_buffer, buffer, 595.276, 841.89);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "1970-01-01T00:00:00Z");
    cairo_t *cr = cairo_create(surface);
    cairo_tag_begin(cr, "Document", NULL);
    const double left = 40, width = 595.276 - 80;
    double y = 40;
    char text[128];
    snprintf(text, sizeof text, "Raport oprysku %d", job);
    y += draw_text(cr, context, "H1", text, "Inter Bold", 21, 1.2, 0, left, y, width) + 12;
    y += draw_text(cr, context, "P", "Działka 12, pszenica ozima. Ciecz użytkowa: 2 500 l na 12,5 ha; trzy napełnienia zbiornika 1 000 l.",
                   "Inter", 10.5, 1.5, 0, left, y, width) + 12;
    const double columns[4] = {2.0 / 5, 1.0 / 5, 1.0 / 5, 1.0 / 5};
    const char *header[4] = {"Napełnienie", "Powierzchnia", "Woda", "Środek"};
    const double row_height = 9 * 1.4 + 8;
    cairo_tag_begin(cr, "Table", NULL);
    for (int row = 0; row <= 24; row++) {
        cairo_tag_begin(cr, "TR", NULL);
        if (row == 0 || row % 2 == 0) {
            if (row == 0) cairo_set_source_rgb(cr, 0.90, 0.95, 0.92); else cairo_set_source_rgb(cr, 0.96, 0.95, 0.92);
            cairo_rectangle(cr, left, y, width, row_height);
            cairo_fill(cr);
        }
        double x = left;
        for (int column = 0; column < 4; column++) {
            char cell[64];
            if (row == 0) snprintf(cell, sizeof cell, "%s", header[column]);
            else if (column == 0) snprintf(cell, sizeof cell, "Napełnienie %d", row);
            else if (column == 1) snprintf(cell, sizeof cell, "%d,%d0 ha", row * 5 / 10, row * 5 % 10);
            else if (column == 2) snprintf(cell, sizeof cell, "%d,50 l", 991 - row);
            else snprintf(cell, sizeof cell, "7,%d0 l", row % 10);
            cairo_tag_begin(cr, row == 0 ? "TH" : "TD", NULL);
            draw_text(cr, context, "P", cell, row == 0 ? "Inter SemiBold" : "Inter", 9, 1.4, row != 0, x + 6, y + 4, columns[column] * width - 12);
            cairo_tag_end(cr, row == 0 ? "TH" : "TD");
            x += columns[column] * width;
        }
        cairo_tag_end(cr, "TR");
        y += row_height;
    }
    cairo_tag_end(cr, "Table");
    cairo_show_page(cr);
    cairo_tag_end(cr, "Document");
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "cairo failed\n"); exit(1); }
    cairo_surface_destroy(surface);
}

int main(int argc, char **argv) {
    int documents = argc > 1 ? atoi(argv[1]) : 1000;
    FcConfig *config = FcConfigCreate();
    const char *files[] = {"Regular", "Italic", "Medium", "MediumItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[256];
        snprintf(path, sizeof path, "/usr/share/fonts/opentype/inter/Inter-%s.otf", files[i]);
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)path)) { fprintf(stderr, "cannot load %s\n", path); return 1; }
    }
    PangoFontMap *font_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
    PangoContext *context = pango_font_map_create_context(font_map);
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    pango_context_set_round_glyph_positions(context, FALSE);

    buffer_t buffer = {0};
    for (int job = 0; job < 20; job++) draw_document(context, job, &buffer);   /* warm-up, as in reportkit-bench */
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int job = 1; job <= documents; job++) draw_document(context, job, &buffer);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.4f ms per document (%zu bytes last)\n", seconds * 1000 / documents, buffer.length);

    free(buffer.data);
    cairo_font_options_destroy(options);
    g_object_unref(context);
    g_object_unref(font_map);
    FcConfigDestroy(config);
    return 0;
}
