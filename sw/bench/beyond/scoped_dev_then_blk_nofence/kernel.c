/* scoped_dev_then_blk_nofence: scoped_dev_then_blk without block 0's fence
 * between its device-scope atomic and the flag: nothing orders block 1's
 * block-scope atomic after it. Racy (SCOPED_ATOM). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *x = &a->out[0], *flag = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        atomicAdd(x, a->in[0]); // scor:race scoped
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(x, a->in[1]); // scor:race scoped
    }
}
