#ifndef CXLSXWRITER_SHIM_H
#define CXLSXWRITER_SHIM_H
// libxlsxwriter (Debian libxlsxwriter-dev), for its types: ReportKit opens the library itself
// when it writes a workbook (Finish/Workbook/XLSXWriterLibrary.swift). Only
// Sources/ReportKit/Finish may import this module.
#include <stddef.h>
#include <stdint.h>
#include <xlsxwriter.h>

// workbook_new_opt's options as libxlsxwriter 1.2 (Debian 13's libxlsxwriter8) reads them: the
// three fields of 1.1 (Debian 12, Ubuntu 24.04) and two more it added at the end. Passing 1.1's
// smaller struct to 1.2 would have it read past it; 1.1 reads only the first three of these.
typedef struct reportkit_lxw_workbook_options {
    uint8_t constant_memory;
    const char *tmpdir;
    uint8_t use_zip64;
    const char **output_buffer;
    size_t *output_buffer_size;
} reportkit_lxw_workbook_options;
#endif
