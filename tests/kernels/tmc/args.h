#ifndef T_TMC_ARGS_H
#define T_TMC_ARGS_H
#include "scord_kargs.h"

/* out[tid * TM_WORDS + k], filled with 0xEEEEEEEE by the host:
 *   TM_START  tmask at entry (the warp's live lanes)
 *   TM_EVEN   tmask seen by the lanes still running after tmc(start & 0x55555555)
 *             (written by even lanes only: odd ones are parked meanwhile)
 *   TM_ODD    same with 0xAAAAAAAA: lane 0, the one whose rs1 counts, parks itself
 *   TM_AFTER  tmask once tmc(start) woke everybody
 *   TM_END    1, except in warp 1 of the block, ended by tmc(0) before */
enum { TM_START, TM_EVEN, TM_ODD, TM_AFTER, TM_END, TM_WORDS };

struct tmc_args {
    SCORD_PTR(uint32_t) out;
};
SCORD_KARGS_SIZE(struct tmc_args, 4);
#endif
