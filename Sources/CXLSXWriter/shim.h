#ifndef CXLSXWRITER_SHIM_H
#define CXLSXWRITER_SHIM_H
// libxlsxwriter (Debian libxlsxwriter-dev): the record as an Excel workbook. Only
// Sources/ReportKit/Finish may import this module.
#include <xlsxwriter.h>
#endif
