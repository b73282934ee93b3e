#ifndef T_DET_INTRUSION_ARGS_H
#define T_DET_INTRUSION_ARGS_H
#include "scord_kargs.h"

/* Every thread writes out[global id] (race free). Thread 0 of block 0 also
 * stores a word to md and one to ring when they are not 0: addresses the
 * host took from the armed detector (its metadata region and report
 * ring), so exactly two INTRUSION occurrences, at two PCs. */
struct det_intrusion_args {
    SCORD_PTR(uint32_t) md;
    SCORD_PTR(uint32_t) ring;
    SCORD_PTR(uint32_t) out;
};
SCORD_KARGS_SIZE(struct det_intrusion_args, 12);
#endif
