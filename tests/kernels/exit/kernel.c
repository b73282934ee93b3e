#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct exit_args *args)
{
    unsigned tid = threadIdx.x, lane = __lane_id();
    uint32_t *o = args->out + (blockIdx.x * blockDim.x + tid) * EX_WORDS;
    o[EX_BEFORE] = 1;

    /* The exit sits below the join point, so with min-PC scheduling the odd
     * lanes run (and end) before the even ones read tmask. A C `if` would
     * let GCC place the exit anywhere. */
    __asm__ volatile("andi t0, %[tid], 1\n\t"
                     "beqz t0, 1f\n\t"
                     ".insn i %[simt], %[exit], x0, x0, 0\n"
                     "1:"
                     :
                     : [tid] "r"(tid), [simt] "i"(SCORD_OPC_SIMT), [exit] "i"(SCORD_SIMT_EXIT)
                     : "t0", "memory");
    o[EX_MASK] = __active_mask();

    for (unsigned i = 0; i < EX_LOOP_END; i++) {
        o[EX_LOOP] = i;
        if (lane % 3 == 0 && i == 2 + lane % 4)
            __exit();
    }

    if (__warp_id() == 1)
        __exit();
    __syncthreads();
    o[EX_BAR] = 1;
}
