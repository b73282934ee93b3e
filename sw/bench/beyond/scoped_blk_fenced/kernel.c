/* scoped_blk_fenced: block 0 adds to x with a block-scope atomic, then a
 * device fence and a device-scope flag; block 1 waits, fences and adds
 * with a device-scope atomic. A block-scope atomic is promised to its own
 * block only, and a fence after it does not publish it to other blocks
 * (ScoRD's Table IV (d), ScoR's t4d): racy. The reverse order is not
 * (scoped_dev_then_blk). out[0] = in[0] + in[1] when the hardware is kind. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *x = &a->out[0], *flag = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        atomicAdd_block(x, a->in[0]); // scor:race blk
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd(x, a->in[1]); // scor:race blk
    }
}
