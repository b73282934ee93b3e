/* scoped_blk_then_dev_nofence: scoped_blk_fenced without block 0's fence:
 * its block-scope atomic is not ordered before block 1's access. Racy
 * (SCOPED_ATOM). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *x = &a->out[0], *flag = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        atomicAdd_block(x, a->in[0]); // scor:race scoped
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd(x, a->in[1]); // scor:race scoped
    }
}
