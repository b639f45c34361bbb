#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
// glibc's malloc tuning (mallopt), which Swift's Glibc module leaves out. Only report-gen's
// start-up imports this module: a program may tune its allocator, a library may not.
#include <malloc.h>
#endif
