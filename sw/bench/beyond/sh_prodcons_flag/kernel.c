/* sh_prodcons_flag: warp 0 produces a value per lane into shared memory,
 * fences (block scope) and raises a flag with a block-scope atomic; warp 1
 * polls the flag with block-scope atomics and consumes. The fence and the
 * flag order the hand-off (HiRace's warp-to-warp communication).
 * Race-free: out[l] = beyond_f(in[l], l) for each lane l. */
#include "../beyond.h"

__shared__ uint32_t data[32];
__shared__ uint32_t flag;

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), w = beyond_warp();
    if (beyond_tid() == 0)
        flag = 0;
    __syncthreads();
    if (w == 0) {
        data[l] = beyond_f(a->in[l], l);
        __threadfence_block();
        if (l == 0)
            atomicExch_block(&flag, 1u);
    } else if (w == 1) {
        while (atomicAdd_block(&flag, 0u) == 0u)
            ;
        a->out[l] = data[l];
    }
}
