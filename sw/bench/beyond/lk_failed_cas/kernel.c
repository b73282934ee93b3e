/* lk_failed_cas: a try-lock whose failure is ignored. Block 0 takes the
 * device lock and, holding it, raises a flag, waits until block 1 has
 * tried, then updates out[0]. Block 1 waits for the flag, tries the lock
 * once (atomicCAS(lock, 0, 1) finds it held), fences as after an acquire,
 * and updates out[0] anyway. Its CAS failed, so it holds no lock
 * (docs/detector.md §4.2): the two updates race (a lock-set race, or a
 * missing fence, whichever update the detector sees second). Counting
 * every CAS as an acquire would have given both the lock and found
 * nothing. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *lock = &a->aux[0], *held = &a->aux[8], *tried = &a->aux[16];
    if (beyond_tid() != 0)
        return;
    if (__block_linear() == 0) {
        while (atomicCAS(lock, 0u, 1u) != 0u)
            ;
        __threadfence();
        atomicExch(held, 1u);
        beyond_wait_flag(tried);
        a->out[0] = a->out[0] + a->in[0]; // scor:race failed
        __threadfence();
        atomicExch(lock, 0u);
    } else {
        beyond_wait_flag(held);
        uint32_t got = atomicCAS(lock, 0u, 1u);
        atomicExch(tried, 1u);
        __threadfence();
        a->out[0] = a->out[0] + a->in[1]; // scor:race failed
        __threadfence();
        if (got == 0u)
            atomicExch(lock, 0u);
    }
}
