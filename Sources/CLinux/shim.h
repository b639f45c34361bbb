#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
// Linux calls glibc declares only with _GNU_SOURCE, which Swift's Glibc module is built without.
// Only Sources/ReportKit/Render (writing output files) imports this module.
#include <unistd.h>

// Flushes the whole file system holding `fd` to disk (glibc 2.14, Linux 2.6.39; reports
// write-back errors since Linux 5.8).
int syncfs(int fd);

// Renames `oldpath` to `newpath` in one step; with RENAME_NOREPLACE it fails (EEXIST) rather than
// replace a file already there (glibc 2.28, Linux 3.15; EINVAL where the file system cannot).
#include <fcntl.h>
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#endif
