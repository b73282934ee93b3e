// beyond/lk_two_locks as a CUDA program: the twin of
// sw/bench/beyond/lk_two_locks/kernel.c (racy: LOCK_LOAD / LOCK_STORE),
// the same accesses in the same order. Lane 0 of each of two blocks
// updates out[0] under a device-scope lock, each block under its own lock
// word (acquire: CAS from 0 to 1 and a fence; release: a fence and an
// exchange of 0). Both acquires succeed, two different locks are held
// (their words have different Bloom bits): the sections exclude nothing.
// Block 1 starts a while after block 0 (in time only), so the detector
// sees block 0's fenced update first: a lock-set race.
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_two_locks(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned b = beyond_block();
    uint32_t *lock = &aux[4 * b];
    if (beyond_tid() != 0)
        return;
    if (b != 0)
        beyond_delay(2000);
    while (atomicCAS(lock, 0u, 1u) != 0u)
        ;
    __threadfence();
    out[0] = out[0] + in[b]; // scor:race twolocks
    __threadfence();
    atomicExch(lock, 0u);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    lk_two_locks<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_two_locks", &b);
}
