#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
// libxml2 (Debian libxml2-dev): ISO 11783-10 task data written with its xmlwriter and read with
// its parser. Only Sources/ReportKit/Bindings/LibXML2 may import this module. The headers give the
// types; the library is opened by its soname (LibXML2Library.swift), never linked. `libxml` beside
// this file is a link to Debian's /usr/include/libxml2/libxml (libxml2-dev), so that the headers'
// own `#include <libxml/…>` resolve without pkg-config, whose flags would link the library.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding header then includes the system's ICU
// headers, whose types clash with Foundation's own copy of ICU in any module that sees both.
// Nothing here uses libxml2's ICU converters (the task data is UTF-8 throughout).
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlwriter.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif
