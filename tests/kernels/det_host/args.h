#ifndef T_DET_HOST_ARGS_H
#define T_DET_HOST_ARGS_H
#include "scord_kargs.h"

/* What the kernel does (each thread t of the grid, t < n):
 *   DETHOST_COPY   out[t] = in[t] + 1    (a load of in, a store to out)
 *   DETHOST_BYTES  bytes[4 t] = t        (byte 0 of word t only)
 *   DETHOST_ATOMIC atomicAdd(counter, 1)
 *   DETHOST_SPIN   out[t] = in[t] + 1, then waits for a flag nobody sets
 *                  (the host's timeout ends it)
 * Every thread touches its own words only: the kernel itself is race
 * free, so the only races of a launch are the host's. */
#define DETHOST_COPY 0u
#define DETHOST_BYTES 1u
#define DETHOST_ATOMIC 2u
#define DETHOST_SPIN 3u

struct det_host_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) out;
    SCORD_PTR(uint8_t) bytes;
    SCORD_PTR(uint32_t) counter;
    SCORD_PTR(const uint32_t) flag;
    uint32_t n, mode;
};
SCORD_KARGS_SIZE(struct det_host_args, 28);
#endif
