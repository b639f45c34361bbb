/*
 * The benchmark's baseline: the page reportkit-bench draws (Sources/reportkit-bench/BenchmarkPage.swift),
 * drawn by a minimal C program calling cairo and Pango directly, with the same private fontconfig
 * configuration, one Pango context for all documents, each document written to memory, and the
 * same tagged structure (Document, H1, P, Table, TR, TH, TD) that ReportKit writes, since a tagged
 * PDF is part of the page.
 * Prints the milliseconds per document. Built and run by scripts/bench.sh.
 *
 * With --replay PAGE N FOLDER it instead draws a page that reportkit-bench laid out and wrote as a
 * list of drawing operations (Sources/reportkit-bench/PageDump.swift): the real spray report,
 * drawn N times into N files, with nothing of ReportKit's work before drawing. This is the floor
 * that `report-gen batch` is measured against.
 */
#include <cairo.h>
#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdint.h>
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

/* ---- Replay of a page written by reportkit-bench (PageDump.swift) ---- */

typedef struct {
    int weight, italic, tabular, underline;
    double size, r, g, b, a, line_height, letter_spacing;
    char *text;
} run_t;

typedef struct {
    char kind;
    double v[8];
    int count;          /* path: numbers in `path`; text: runs */
    char *ops;          /* path operators, one per element */
    double *path;
    run_t *runs;
    char *name;         /* role, link target, destination */
    int is_uri;
} op_t;

typedef struct { int level; char *title, *destination; } outline_t;

static char *unhex(const char *hex) {
    if (strcmp(hex, "-") == 0) return strdup("");
    size_t length = strlen(hex) / 2;
    char *text = malloc(length + 1);
    for (size_t i = 0; i < length; i++) sscanf(hex + 2 * i, "%2hhx", (unsigned char *)&text[i]);
    text[length] = 0;
    return text;
}

/* The modules as a 1-bit mask scaled up without smoothing, as ReportKit draws them. */
static void draw_modules(cairo_t *cr, const op_t *op) {
    int columns = op->count, rows = (int)strlen(op->name) / columns;
    cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A1, columns, rows);
    cairo_surface_flush(mask);
    unsigned char *data = cairo_image_surface_get_data(mask);
    int stride = cairo_image_surface_get_stride(mask);
    for (int row = 0; row < rows; row++) {
        uint32_t *line = (uint32_t *)(data + row * stride);
        memset(line, 0, stride);
        for (int column = 0; column < columns; column++)
            if (op->name[row * columns + column] == '1') line[column / 32] |= 1u << (column % 32); /* little-endian */
    }
    cairo_surface_mark_dirty(mask);
    cairo_save(cr);
    cairo_translate(cr, op->v[0], op->v[1]);
    cairo_scale(cr, op->v[2] / columns, op->v[3] / rows);
    cairo_set_source_rgba(cr, op->v[4], op->v[5], op->v[6], op->v[7]);
    cairo_pattern_t *pattern = cairo_pattern_create_for_surface(mask);
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST);
    cairo_mask(cr, pattern);
    cairo_pattern_destroy(pattern);
    cairo_restore(cr);
    cairo_surface_destroy(mask);
}

static int read_ops(const char *file, op_t **ops_out, outline_t **outline_out, int *outline_count) {
    FILE *input = fopen(file, "r");
    if (!input) { perror(file); exit(1); }
    size_t capacity = 0, line_capacity = 0;
    int count = 0, outlines = 0;
    op_t *ops = NULL;
    outline_t *outline = NULL;
    char *line = NULL;
    while (getline(&line, &line_capacity, input) > 0) {
        char *save = NULL, *kind = strtok_r(line, " \n", &save);
        if (!kind) continue;
        #define NEXT() strtok_r(NULL, " \n", &save)
        #define NUM() strtod(NEXT(), NULL)
        if (kind[0] == 'O') {
            outline = realloc(outline, sizeof *outline * (outlines + 1));
            outline[outlines].level = atoi(NEXT());
            outline[outlines].title = unhex(NEXT());
            outline[outlines].destination = unhex(NEXT());
            outlines++;
            continue;
        }
        if ((size_t)count == capacity) { capacity = capacity ? capacity * 2 : 256; ops = realloc(ops, sizeof *ops * capacity); }
        op_t *op = &ops[count++];
        memset(op, 0, sizeof *op);
        op->kind = kind[0];
        switch (op->kind) {
        case 'P': op->v[0] = NUM(); op->v[1] = NUM(); break;
        case 'F': case 'S': {
            for (int i = 0; i < 4; i++) op->v[i] = NUM();
            if (op->kind == 'S') op->v[4] = NUM();
            op->ops = malloc(256); op->path = malloc(sizeof(double) * 1024);
            int elements = 0;
            for (char *token = NEXT(); token; token = NEXT()) {
                op->ops[elements++] = token[0];
                int numbers = token[0] == 'C' ? 6 : token[0] == 'Z' ? 0 : 2;
                for (int i = 0; i < numbers; i++) op->path[op->count++] = NUM();
            }
            op->ops[elements] = 0;
            break;
        }
        case 'T': {
            for (int i = 0; i < 5; i++) op->v[i] = NUM();
            op->count = atoi(NEXT());
            op->runs = calloc(op->count, sizeof *op->runs);
            for (int i = 0; i < op->count; i++) {
                run_t *run = &op->runs[i];
                run->weight = atoi(NEXT()); run->italic = atoi(NEXT()); run->size = NUM();
                run->r = NUM(); run->g = NUM(); run->b = NUM(); run->a = NUM();
                run->line_height = NUM(); run->letter_spacing = NUM();
                run->tabular = atoi(NEXT()); run->underline = atoi(NEXT());
                run->text = unhex(NEXT());
            }
            break;
        }
        case 'B': case 'E': op->name = strdup(NEXT()); break;
        case 'K': {
            op->is_uri = strcmp(NEXT(), "uri") == 0;
            op->name = unhex(NEXT());
            for (int i = 0; i < 4; i++) op->v[i] = NUM();
            break;
        }
        case 'D': op->name = unhex(NEXT()); op->v[0] = NUM(); op->v[1] = NUM(); break;
        case 'Q': /* a module grid (a QR code): rect, columns, colour, then one 0 or 1 per module */
            for (int i = 0; i < 4; i++) op->v[i] = NUM();
            op->count = atoi(NEXT());
            for (int i = 4; i < 8; i++) op->v[i] = NUM();
            op->name = strdup(NEXT());
            break;
        default: fprintf(stderr, "unknown operation %s\n", kind); exit(1);
        }
    }
    free(line);
    fclose(input);
    *ops_out = ops;
    *outline_out = outline;
    *outline_count = outlines;
    return count;
}

static void trace(cairo_t *cr, const op_t *op) {
    cairo_new_path(cr);
    const double *p = op->path;
    for (const char *element = op->ops; *element; element++) {
        switch (*element) {
        case 'M': cairo_move_to(cr, p[0], p[1]); p += 2; break;
        case 'L': cairo_line_to(cr, p[0], p[1]); p += 2; break;
        case 'C': cairo_curve_to(cr, p[0], p[1], p[2], p[3], p[4], p[5]); p += 6; break;
        case 'Z': cairo_close_path(cr); break;
        }
    }
}

static void show_text(cairo_t *cr, PangoContext *context, const op_t *op) {
    PangoLayout *layout = pango_layout_new(context);
    size_t length = 0;
    for (int i = 0; i < op->count; i++) length += strlen(op->runs[i].text);
    char *text = malloc(length + 1);
    text[0] = 0;
    PangoAttrList *attributes = pango_attr_list_new();
    size_t start = 0;
    for (int i = 0; i < op->count; i++) {
        const run_t *run = &op->runs[i];
        strcat(text, run->text);
        size_t end = start + strlen(run->text);
        PangoFontDescription *font = pango_font_description_new();
        pango_font_description_set_family(font, "Inter");
        pango_font_description_set_weight(font, run->weight);
        pango_font_description_set_style(font, run->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
        pango_font_description_set_absolute_size(font, run->size * PANGO_SCALE);
        PangoAttribute *list[7];
        int n = 0;
        list[n++] = pango_attr_font_desc_new(font);
        list[n++] = pango_attr_foreground_new(run->r * 65535 + 0.5, run->g * 65535 + 0.5, run->b * 65535 + 0.5);
        list[n++] = pango_attr_line_height_new_absolute((int)(run->size * run->line_height * PANGO_SCALE + 0.5));
        if (run->a < 1) list[n++] = pango_attr_foreground_alpha_new(run->a * 65535 + 0.5);
        if (run->letter_spacing != 0) list[n++] = pango_attr_letter_spacing_new((int)(run->letter_spacing * run->size * PANGO_SCALE));
        if (run->tabular) list[n++] = pango_attr_font_features_new("tnum");
        if (run->underline) list[n++] = pango_attr_underline_new(PANGO_UNDERLINE_SINGLE);
        for (int k = 0; k < n; k++) { list[k]->start_index = start; list[k]->end_index = end; pango_attr_list_insert(attributes, list[k]); }
        pango_font_description_free(font);
        start = end;
    }
    pango_layout_set_text(layout, text, -1);
    if (op->v[2] >= 0) { pango_layout_set_width(layout, (int)(op->v[2] * PANGO_SCALE)); pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR); }
    if (op->v[4]) { pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END); pango_layout_set_height(layout, -1); }
    pango_layout_set_alignment(layout, op->v[3] == 0 ? PANGO_ALIGN_LEFT : op->v[3] == 1 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_RIGHT);
    pango_layout_set_auto_dir(layout, TRUE);
    pango_layout_set_attributes(layout, attributes);
    cairo_move_to(cr, op->v[0], op->v[1]);
    pango_cairo_show_layout(cr, layout);
    pango_attr_list_unref(attributes);
    g_object_unref(layout);
    free(text);
}

static void replay(PangoContext *context, const op_t *ops, int count, const outline_t *outline, int outlines, const char *path) {
    cairo_surface_t *surface = cairo_pdf_surface_create(path, ops[0].v[0], ops[0].v[1]);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-04-14T05:30:00Z");
    cairo_t *cr = cairo_create(surface);
    cairo_tag_begin(cr, "Document", NULL);
    char attributes[512];
    for (int i = 0; i < count; i++) {
        const op_t *op = &ops[i];
        switch (op->kind) {
        case 'P': if (i > 0) cairo_show_page(cr); cairo_pdf_surface_set_size(surface, op->v[0], op->v[1]); break;
        case 'F': trace(cr, op); cairo_set_source_rgba(cr, op->v[0], op->v[1], op->v[2], op->v[3]); cairo_fill(cr); break;
        case 'S': trace(cr, op); cairo_set_source_rgba(cr, op->v[0], op->v[1], op->v[2], op->v[3]);
                  cairo_set_line_width(cr, op->v[4]); cairo_stroke(cr); break;
        case 'T': show_text(cr, context, op); break;
        case 'B': cairo_tag_begin(cr, op->name, NULL); break;
        case 'E': cairo_tag_end(cr, op->name); break;
        case 'K':
            snprintf(attributes, sizeof attributes, "%s='%s' rect=[%g %g %g %g]", op->is_uri ? "uri" : "dest", op->name,
                     op->v[0], op->v[1], op->v[2], op->v[3]);
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes);
            cairo_tag_end(cr, CAIRO_TAG_LINK);
            break;
        case 'Q': draw_modules(cr, op); break;
        case 'D':
            snprintf(attributes, sizeof attributes, "name='%s' x=%g y=%g", op->name, op->v[0], op->v[1]);
            cairo_tag_begin(cr, CAIRO_TAG_DEST, attributes);
            cairo_tag_end(cr, CAIRO_TAG_DEST);
            break;
        }
    }
    cairo_show_page(cr);
    cairo_tag_end(cr, "Document");
    int parents[16] = {CAIRO_PDF_OUTLINE_ROOT};
    for (int i = 0; i < outlines; i++) {
        int level = outline[i].level < 15 ? outline[i].level : 15;
        snprintf(attributes, sizeof attributes, "dest='%s'", outline[i].destination);
        parents[level + 1] = cairo_pdf_surface_add_outline(surface, parents[level], outline[i].title, attributes, CAIRO_PDF_OUTLINE_FLAG_OPEN);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "cairo failed\n"); exit(1); }
    cairo_surface_destroy(surface);
}

static int replay_main(PangoContext *context, const char *page, int documents, const char *folder) {
    op_t *ops;
    outline_t *outline;
    int outlines;
    int count = read_ops(page, &ops, &outline, &outlines);
    char path[1024];
    for (int i = 0; i < 20; i++) { snprintf(path, sizeof path, "%s/warm-up.pdf", folder); replay(context, ops, count, outline, outlines, path); }
    struct timespec start, end, cpu_start, cpu_end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
    for (int i = 1; i <= documents; i++) {
        snprintf(path, sizeof path, "%s/%06d.pdf", folder, i);
        replay(context, ops, count, outline, outlines, path);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = (cpu_end.tv_sec - cpu_start.tv_sec) + (cpu_end.tv_nsec - cpu_start.tv_nsec) / 1e9;
    /* Wall time, then CPU time (user and system): on a shared machine the CPU time is what the
       work itself costs, the wall time also what other machines took. */
    printf("%.4f ms per document, %.4f ms CPU per document\n", seconds * 1000 / documents, cpu * 1000 / documents);
    return 0;
}

int main(int argc, char **argv) {
    int replaying = argc > 4 && strcmp(argv[1], "--replay") == 0;
    int documents = replaying ? atoi(argv[3]) : argc > 1 ? atoi(argv[1]) : 1000;
    FcConfig *config = FcConfigCreate();
    const char *files[] = {"Regular", "Italic", "Medium", "MediumItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[256];
        snprintf(path, sizeof path, "/usr/share/fonts/opentype/inter/Inter-%s.otf", files[i]);
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)path)) { fprintf(stderr, "cannot load %s\n", path); return 1; }
    }
    /* The same fallback as ReportKit's FontSet.inter, for the signs Inter lacks. */
    FcConfigAppFontAddFile(config, (const FcChar8 *)"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    FcConfigAppFontAddFile(config, (const FcChar8 *)"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf");
    PangoFontMap *font_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
    PangoContext *context = pango_font_map_create_context(font_map);
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    pango_context_set_round_glyph_positions(context, FALSE);
    if (replaying) return replay_main(context, argv[2], documents, argv[4]);

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
