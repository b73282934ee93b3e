/* scoped_dev_then_blk_pair: block 0 adds to x and y with device-scope
 * atomics, fences (device scope) and raises a device-scope flag; block 1
 * waits, fences, and adds to each with a block-scope atomic. Both pairs
 * are ordered by the fence and the flag (HRF-indirect): race-free.
 * out[0] = in[0] + in[1], out[1] = in[0] + in[2]. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *x = &a->out[0], *y = &a->out[1], *flag = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        atomicAdd(x, a->in[0]);
        atomicAdd(y, a->in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(x, a->in[1]);
        atomicAdd_block(y, a->in[2]);
    }
}
