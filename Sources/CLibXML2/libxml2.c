// libxml2's headers for ReportKit's task data (include/shim.h); the library itself is opened by
// its soname when task data is written or read (Bindings/LibXML2/LibXML2Library.swift), never
// linked. A C target needs a source file: this one holds nothing.
