#ifndef CQPDF_SHIM_H
#define CQPDF_SHIM_H
// qpdf's C API (Debian libqpdf-dev), for its types: ReportKit opens the library itself the first
// time it reads a PDF back (extract, a report given as input), so that making a report never
// loads it (Finish/QPDFLibrary.swift). zlib compresses what finishing writes and inflates
// attached files read back with a bound on their size. Only Sources/ReportKit/Finish may import
// this module.
#include <qpdf/qpdf-c.h>
#include <zlib.h>
#endif
