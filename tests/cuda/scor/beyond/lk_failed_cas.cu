// beyond/lk_failed_cas as a CUDA program: the twin of
// sw/bench/beyond/lk_failed_cas/kernel.c (racy: LOCK_LOAD / LOCK_STORE),
// the same accesses in the same order. A try-lock whose failure is
// ignored. Block 0 takes the device lock and, holding it, updates out[0],
// raises a flag (no fence: it publishes nothing), waits until block 1 has
// tried, then fences and releases. Block 1 waits for the flag, tries the
// lock once (atomicCAS(lock, 0, 1) finds it held), fences as after an
// acquire and, a while later (after block 0's release, not ordered by
// it), updates out[0] anyway. Its CAS failed, so it holds no lock
// (docs/detector.md §4.2): its update shares no lock with block 0's, a
// lock-set race.
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_failed_cas(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *lock = &aux[0], *held = &aux[8], *tried = &aux[16];
    if (beyond_tid() != 0)
        return;
    if (beyond_block() == 0) {
        while (atomicCAS(lock, 0u, 1u) != 0u)
            ;
        __threadfence();
        out[0] = out[0] + in[0]; // scor:race failed
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
        out[0] = out[0] + in[1]; // scor:race failed
        __threadfence();
        if (got == 0u)
            atomicExch(lock, 0u);
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    lk_failed_cas<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_failed_cas", &b);
}
