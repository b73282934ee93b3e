/* scoped_dev_chain: block 0 adds to x with a device-scope atomic, fences
 * and raises flag 0; block 1 waits for it, fences and raises flag 1;
 * block 2 waits for flag 1, fences and adds to x with a block-scope
 * atomic. The chain of device fences and flags orders the two atomics
 * (synchronization is transitive): race-free. out[0] = in[0] + in[1]. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *x = &a->out[0], *flag = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    switch (__block_linear()) {
    case 0:
        atomicAdd(x, a->in[0]);
        __threadfence();
        atomicExch(&flag[0], 1u);
        break;
    case 1:
        while (atomicAdd(&flag[0], 0u) == 0u)
            ;
        __threadfence();
        atomicExch(&flag[1], 1u);
        break;
    default:
        while (atomicAdd(&flag[1], 0u) == 0u)
            ;
        __threadfence();
        atomicAdd_block(x, a->in[1]);
        break;
    }
}
