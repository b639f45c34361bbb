#ifndef CQPDF_SHIM_H
#define CQPDF_SHIM_H
// qpdf's C API (Debian libqpdf-dev): the finishing stage reads cairo's PDF with it, completes the
// archival and accessibility entries, and writes the file again with a deterministic /ID. Only
// Sources/ReportKit/Finish may import this module. zlib inflates attached files read back from a
// PDF with a bound on their size, which qpdf's C API cannot set.
#include <qpdf/qpdf-c.h>
#include <zlib.h>
#endif
