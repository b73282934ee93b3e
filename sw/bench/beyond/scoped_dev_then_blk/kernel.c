/* scoped_dev_then_blk: block 0 adds to x with a device-scope atomic, fences
 * (device scope) and raises a device-scope flag; block 1 waits for the
 * flag, fences, then adds with a block-scope atomic. The earlier side's
 * device fence and the flag order the two atomics (heterogeneous-race-free
 * "indirect" synchronization): race-free although one atomic is
 * block-scope. out[0] = in[0] + in[1]. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *x = &a->out[0], *flag = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        atomicAdd(x, a->in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(x, a->in[1]);
    }
}
