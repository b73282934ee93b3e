// beyond/lk_poll_free_nolock as a CUDA program: the twin of
// sw/bench/beyond/lk_poll_free_nolock/kernel.c (racy: LOCK_LOAD /
// LOCK_STORE), the same accesses in the same order. Block 0 updates out[0]
// in two sections under a device lock, raising a flag in the first. Block
// 1 waits for the flag, then until the lock looks free
// (atomicCAS(lock, 0, 0) finds 0: block 0 released its first section),
// fences and updates out[0] without taking the lock; block 0's second
// section, a while later, is not ordered with that update. A poll takes
// no lock (docs/detector.md §4.2), so the second section's update shares
// no lock with block 1's: a lock-set race (block 1's update is also
// reported against the first section's).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_poll_free_nolock(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *lock = &aux[0], *started = &aux[8];
    if (beyond_tid() != 0)
        return;
    if (beyond_block() == 0) {
        for (unsigned r = 0; r < 2u; r++) {
            if (r)
                beyond_delay(2000);
            while (atomicCAS(lock, 0u, 1u) != 0u)
                ;
            __threadfence();
            if (!r)
                atomicExch(started, 1u);
            out[0] = out[0] + in[r]; // scor:race pollfree
            __threadfence();
            atomicExch(lock, 0u);
        }
    } else {
        beyond_wait_flag(started);
        while (atomicCAS(lock, 0u, 0u) != 0u)
            ;
        __threadfence();
        out[0] = out[0] + in[2]; // scor:race pollfree
        __threadfence();
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    lk_poll_free_nolock<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_poll_free_nolock", &b);
}
