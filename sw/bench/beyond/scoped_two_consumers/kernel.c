/* scoped_two_consumers: the hand-off of scoped_own_words is right, but
 * then blocks 1 and 2 both add to x with block-scope atomics: nothing
 * orders them with each other, and a block-scope atomic is not atomic
 * across blocks. Racy (SCOPED_ATOM). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *flag = &a->aux[0];
    unsigned b = __block_linear();
    if (beyond_tid() != 0)
        return;
    if (b == 0) {
        atomicAdd(&a->out[0], a->in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(&a->out[0], a->in[b]); // scor:race both
    }
}
