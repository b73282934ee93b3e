/* params.h: a kernel parameter the host lays out differently from the GPU.
 *
 * The host is LP64, the GPU ILP32: a pointer and a long are 8 bytes on
 * one side and 4 on the other, so a struct holding one has another size
 * and other member offsets on each side. A kernel's launch stub (host
 * unit) builds, for such a parameter, a local copy in the device's layout
 * (a local struct mirroring the parameter's type member by member, with
 * 32-bit device addresses for pointers and 32-bit longs) and passes that
 * to the launch in its place; the device reads the parameter with its own
 * type. Everything else has the same size, alignment and offsets on both
 * sides (natural alignment; double and long long 8-aligned on both). */
#ifndef SCORD_NVCC_PARAMS_H
#define SCORD_NVCC_PARAMS_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

/* Does t hold something laid out differently on the host and the GPU (a
 * pointer, reference, long, long double), in a member, array element or
 * base? *what: that thing's type. */
bool nvcc_type_differs(CXType t, char *what, size_t wlen);

/* Code for a launch stub: declares local variable `var` holding the value
 * of expression `expr` (of record type t) in the device's layout.
 * Returns the code (malloc'd), or NULL with *why set when t cannot be
 * mirrored (a bit-field, a union or base class holding a pointer, a
 * member the stub may not access, a reference, a long double) or memory
 * ran out (*why empty). */
char *nvcc_param_mirror(CXType t, const char *expr, const char *var, char *why, size_t wlen);

#endif
