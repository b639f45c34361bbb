#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
// Linux calls glibc declares only with _GNU_SOURCE, which Swift's Glibc module is built without.
// Only Sources/ReportKit/Render (writing output files) imports this module.
#include <unistd.h>

// Flushes the whole file system holding `fd` to disk (glibc 2.14, Linux 2.6.39; reports
// write-back errors since Linux 5.8).
int syncfs(int fd);
#endif
