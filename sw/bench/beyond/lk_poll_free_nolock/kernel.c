/* lk_poll_free_nolock: block 0 updates out[0] in two sections under a
 * device lock; block 1 only waits until the lock looks free
 * (atomicCAS(lock, 0, 0) finds 0), fences and updates out[0] without
 * taking it, so block 0 may hold the lock meanwhile. A poll takes no lock
 * (docs/detector.md §4.2): block 1's update races with block 0's (a
 * lock-set race, or a missing fence, whichever update the detector sees
 * second). Counting the poll as an acquire would have given block 1 the
 * lock and hidden the race. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *lock = &a->aux[0];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        for (unsigned r = 0; r < 2u; r++) {
            while (atomicCAS(lock, 0u, 1u) != 0u)
                ;
            __threadfence();
            a->out[0] = a->out[0] + a->in[r]; // scor:race pollfree
            __threadfence();
            atomicExch(lock, 0u);
        }
    } else {
        while (atomicCAS(lock, 0u, 0u) != 0u)
            ;
        __threadfence();
        a->out[0] = a->out[0] + a->in[2]; // scor:race pollfree
        __threadfence();
    }
}
