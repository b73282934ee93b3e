#ifndef T_BARRIER_ARGS_H
#define T_BARRIER_ARGS_H
#include "scord_kargs.h"

/* BAR_ROUNDS rounds; in round r thread t writes bar_value(r, t) to its slot
 * of its block's buffer, __syncthreads(), then reads the slot of thread
 * (t + warp size) % n, which belongs to another warp, and adds it to its
 * checksum; a second __syncthreads() keeps the next round's writes away.
 * Warps are delayed by different amounts before writing, so a barrier that
 * lets anyone through early reads the 0xEEEEEEEE the host put there. */
#define BAR_ROUNDS 4
static inline uint32_t bar_value(uint32_t round, uint32_t tid)
{
    return (round + 1) * 0x10001u + tid * 0x100u;
}

struct barrier_args {
    SCORD_PTR(uint32_t) buf;      /* gridDim.x * blockDim.x words */
    SCORD_PTR(uint32_t) seen;     /* [global thread * BAR_ROUNDS + round] */
    uint32_t delay;               /* busy-wait iterations per warp index */
};
SCORD_KARGS_SIZE(struct barrier_args, 12);
#endif
