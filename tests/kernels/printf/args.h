#ifndef T_PRINTF_ARGS_H
#define T_PRINTF_ARGS_H
#include "scord_kargs.h"

/* mode 0: every thread prints its lines (several formats); mode 1: every
 * thread prints `count` lines (the overflow test); mode 2: bad records
 * (a format the runtime does not know, a format pointer outside the
 * image) between good ones; mode 3: a kernel that writes into the
 * printf buffer. */
struct printf_args {
    SCORD_PTR(const char) text; /* a string in device memory, for %s */
    uint32_t mode;
    uint32_t count;
};
SCORD_KARGS_SIZE(struct printf_args, 12);
#endif
