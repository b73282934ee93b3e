#ifndef T_DET_STREAM_ARGS_H
#define T_DET_STREAM_ARGS_H
#include "scord_kargs.h"

/* Two blocks of one thread store to the same word `iters` times each,
 * without fences: every store that finds the other block as the word's
 * last writer is a missing-device-fence race, all at one PC, for as long
 * as the kernel runs. */
struct det_stream_args {
    SCORD_PTR(uint32_t) word;
    uint32_t iters;
};
SCORD_KARGS_SIZE(struct det_stream_args, 8);
#endif
