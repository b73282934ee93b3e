#ifndef T_SMEM_SCAN_ARGS_H
#define T_SMEM_SCAN_ARGS_H
#include "scord_kargs.h"

/* Inclusive prefix sums of each block's blockDim.x elements of in[], two
 * ways: warp_out by __shfl_up_sync within each warp plus the warps' totals
 * scanned in shared memory by warp 0; buf_out by Hillis-Steele steps that
 * read one half of a double buffer in shared memory and write the other,
 * a __syncthreads between steps. */
struct smem_scan_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) warp_out;
    SCORD_PTR(uint32_t) buf_out;
};
SCORD_KARGS_SIZE(struct smem_scan_args, 12);
#endif
