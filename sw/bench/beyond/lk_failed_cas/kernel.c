/* lk_failed_cas: a try-lock whose failure is ignored. Block 0 takes the
 * device lock and, holding it, updates out[0], raises a flag (no fence:
 * it publishes nothing), waits until block 1 has tried, then fences and
 * releases. Block 1 waits for the flag, tries the lock once
 * (atomicCAS(lock, 0, 1) finds it held), fences as after an acquire and,
 * a while later (after block 0's release, not ordered by it), updates
 * out[0] anyway. Its CAS failed, so it holds no lock (docs/detector.md
 * §4.2): its update shares no lock with block 0's, a lock-set race.
 * Counting every CAS as an acquire gave it the lock and found nothing. */
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
        a->out[0] = a->out[0] + a->in[0]; // scor:race failed
        atomicExch(held, 1u);
        beyond_wait_flag(tried);
        __threadfence();
        atomicExch(lock, 0u);
    } else {
        beyond_wait_flag(held);
        uint32_t got = atomicCAS(lock, 0u, 1u);
        atomicExch(tried, 1u);
        __threadfence();
        beyond_delay(2000);
        a->out[0] = a->out[0] + a->in[1]; // scor:race failed
        __threadfence();
        if (got == 0u)
            atomicExch(lock, 0u);
    }
}
