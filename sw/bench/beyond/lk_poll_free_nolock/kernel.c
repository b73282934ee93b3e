/* lk_poll_free_nolock: block 0 updates out[0] in two sections under a
 * device lock, raising a flag in the first. Block 1 waits for the flag,
 * then until the lock looks free (atomicCAS(lock, 0, 0) finds 0: block 0
 * released its first section), fences and updates out[0] without taking
 * the lock; block 0's second section, a while later, is not ordered with
 * that update. A poll takes no lock (docs/detector.md §4.2), so the
 * second section's update shares no lock with block 1's: a lock-set race
 * (block 1's update is also reported against the first section's).
 * Counting the poll as an acquire gave block 1 the lock and hid it. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *lock = &a->aux[0], *started = &a->aux[8];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        for (unsigned r = 0; r < 2u; r++) {
            if (r)
                beyond_delay(2000);
            while (atomicCAS(lock, 0u, 1u) != 0u)
                ;
            __threadfence();
            if (!r)
                atomicExch(started, 1u);
            a->out[0] = a->out[0] + a->in[r]; // scor:race pollfree
            __threadfence();
            atomicExch(lock, 0u);
        }
    } else {
        beyond_wait_flag(started);
        while (atomicCAS(lock, 0u, 0u) != 0u)
            ;
        __threadfence();
        a->out[0] = a->out[0] + a->in[2]; // scor:race pollfree
        __threadfence();
    }
}
