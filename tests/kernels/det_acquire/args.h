#ifndef T_DET_ACQUIRE_ARGS_H
#define T_DET_ACQUIRE_ARGS_H
#include "scord_kargs.h"

/* The textbook message passing between two one-warp blocks (the CUDA
 * programming guide's __threadfence() pattern), with the detector armed:
 *   consumer (block 1): pre[t] = data[2t + 1] (weak: the line holding
 *     data[2t] is now in its L1, and nobody writes data[2t + 1]), then
 *     atomicAdd(flags[AQ_READY], 1), polls flags[AQ_DONE] with device
 *     atomics, [det_acquire: __threadfence()], post[t] = data[2t] (weak).
 *   producer (block 0): polls flags[AQ_READY] until every consumer thread
 *     is there, data[2t] = AQ_NEW(t) (weak), __threadfence(), thread 0
 *     sets flags[AQ_DONE] with atomicExch.
 * The host fills data with AQ_OLD(i). With the consumer's fence the
 * hand-off is race-free and post[t] == AQ_NEW(t); without it (det_stale_read)
 * the consumer's load hits the line its L1 filled before the write and
 * returns AQ_OLD(2t): a STALE_READ at the consumer's load, its record's
 * stale flag set. (On one core both blocks share the L1, which the
 * producer's store updates: the read is not stale there, only racy.) */
#define AQ_OLD(i) (0xA0000000u + (i))
#define AQ_NEW(t) (0xB0000000u + (t))
#define AQ_READY 0
#define AQ_DONE 8 /* another line: a device atomic on READY drops its line */

struct det_acquire_args {
    SCORD_PTR(uint32_t) data;    /* 2 x blockDim.x words */
    SCORD_PTR(uint32_t) flags;   /* 16 words */
    SCORD_PTR(uint32_t) pre;
    SCORD_PTR(uint32_t) post;
    SCORD_PTR(uint32_t) cores;   /* [block] = core it ran on */
};
SCORD_KARGS_SIZE(struct det_acquire_args, 20);

#ifndef __riscv
#include "kernel_tests.h"
/* Host side shared by det_acquire (fenced) and det_stale_read (not). */
int acquire_test(scord_device *dev, const char *sw_dir, const char *rel, int fenced);
#endif
#endif
