#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct bar_diverge_args *args)
{
    unsigned nt = blockDim.x, blk = blockIdx.x, ws = __warp_size();
    unsigned nw = (nt + ws - 1) / ws, w = __warp_id();
    uint32_t *flag = args->flag + blk * nw;
    uint32_t mine = bd_value(blk, w);
    unsigned delay = args->delay;

    /* The layout is the point of the test, so it is written out: lanes
     * other than 0 branch straight to the barrier (label 1, low address)
     * and the read after it; lane 0 jumps to the body (label 2, after
     * both), which delays, stores and comes back to the same barrier. With
     * min-PC issue, a barrier that let the warp through on its other lanes
     * alone would have them read (lower PC) before lane 0 ever stores. */
    __asm__ volatile("bnez %[lane], 1f\n\t"
                     "j 2f\n"
                     "1:\n\t"
                     ".insn i %[simt], %[fblk], x0, x0, 0\n\t"
                     ".insn i %[simt], %[bar], x0, x0, 0\n\t"
                     "lw t1, 0(%[q])\n\t"
                     "sw t1, 0(%[s])\n\t"
                     "j 3f\n"
                     "2:\n\t"
                     "mv t0, %[delay]\n"
                     "4:\n\t"
                     "beqz t0, 5f\n\t"
                     "addi t0, t0, -1\n\t"
                     "j 4b\n"
                     "5:\n\t"
                     "sw %[v], 0(%[p])\n\t"
                     "j 1b\n"
                     "3:\n"
                     :
                     : [lane] "r"(__lane_id()), [simt] "i"(SCORD_OPC_SIMT),
                       [fblk] "i"(SCORD_SIMT_FENCE_BLK), [bar] "i"(SCORD_SIMT_BAR),
                       [delay] "r"(delay), [v] "r"(mine), [p] "r"(&flag[w]),
                       [q] "r"(&flag[(w + 1) % nw]), [s] "r"(&args->seen[blk * nt + threadIdx.x])
                     : "t0", "t1", "memory");
}
