#ifndef T_PRODCONS_ARGS_H
#define T_PRODCONS_ARGS_H
#include "scord_kargs.h"

/* Two one-warp blocks on two cores (the dispatcher gives block 0 to core 0
 * and block 1 to core 1):
 *   consumer (block 1): pre[i] = data[i] (weak: the lines are now in its
 *     L1), then atomicAdd(flags[HS_READY], 1), polls flags[HS_DONE] with
 *     strong loads, [prodcons: __threadfence()], post[i] = data[i] (weak).
 *   producer (block 0): waits until every consumer thread is READY,
 *     st_strong data[i] = HS_NEW(i), __threadfence(), sets flags[HS_DONE]
 *     with a strong store.
 * The host fills data with HS_OLD(i). With the fence post == HS_NEW; without
 * it (test stale) post == HS_OLD: the consumer's L1 is not coherent. */
#define HS_OLD(i) (0xA0000000u + (i))
#define HS_NEW(i) (0xB0000000u + (i))
#define HS_READY 0
#define HS_DONE 8 /* another line: a device atomic on READY drops its line */

struct prodcons_args {
    SCORD_PTR(uint32_t) data;
    SCORD_PTR(uint32_t) flags;   /* 16 words */
    SCORD_PTR(uint32_t) pre;
    SCORD_PTR(uint32_t) post;
    SCORD_PTR(uint32_t) cores;   /* [block] = core it ran on */
    uint32_t n;                  /* words of data, a multiple of blockDim.x */
};
SCORD_KARGS_SIZE(struct prodcons_args, 24);

#ifndef __riscv
#include "kernel_tests.h"
/* Host side shared by tests prodcons and stale. */
int handshake_test(scord_device *dev, const char *sw_dir, const char *rel, int fenced);
#endif
#endif
