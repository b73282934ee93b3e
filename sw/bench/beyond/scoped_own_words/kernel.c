/* scoped_own_words: block 0 adds in[0] to x and y with device atomics,
 * fences and raises a flag; blocks 1 and 2 wait for it, fence, and each
 * adds with a block-scope atomic to its own word (1 to x, 2 to y): each
 * word is shared by two blocks ordered through the flag. Race-free:
 * out[0] = in[0] + in[1], out[1] = in[0] + in[2]. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *flag = &a->aux[0];
    unsigned b = __block_linear();
    if (beyond_tid() != 0)
        return;
    if (b == 0) {
        atomicAdd(&a->out[0], a->in[0]);
        atomicAdd(&a->out[1], a->in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(&a->out[b - 1], a->in[b]);
    }
}
