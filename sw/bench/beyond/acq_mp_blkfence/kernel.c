/* acq_mp_blkfence: the consumer fences at block scope only: a block fence
 * does not drop the L1 for another block's data. Racy: STALE_READ at the
 * consumer's load. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        data[l] = beyond_f(a->in[l], l); // scor:race acquire
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence_block();
        a->out[l] = data[l]; // scor:race acquire
    }
}
