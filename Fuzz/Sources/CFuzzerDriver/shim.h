#ifndef CFUZZERDRIVER_SHIM_H
#define CFUZZERDRIVER_SHIM_H
#include <stddef.h>
#include <stdint.h>
// libFuzzer's driver for a program with a main of its own (LLVM 11 and later), defined in the
// libFuzzer runtime that -sanitize=fuzzer links: the fuzz executables call it from their entry
// point, so libFuzzer's own main is never linked and no other executable of the build gets it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
