// beyond/lk_lock_sum as a CUDA program: the twin of
// sw/bench/beyond/lk_lock_sum/kernel.c (race-free), the same accesses in
// the same order. Lane 0 of every warp of two blocks takes one
// device-scope lock (atomicCAS(lock, 0, 1) until it finds 0,
// __threadfence()), adds its input to out[0] and counts itself in out[1]
// with plain loads and stores, and releases it (__threadfence(),
// atomicExch(lock, 0)). The CASes that fail while another warp holds the
// lock take nothing; the one that succeeds takes the lock
// (docs/detector.md §4.2), so all sections share it.
// out[0] = sum of in[w], out[1] = the warps.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void lk_lock_sum(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *lock = &aux[0];
    if (beyond_lane() != 0)
        return;
    while (atomicCAS(lock, 0u, 1u) != 0u)
        ;
    __threadfence();
    out[0] = out[0] + in[beyond_gwarp()];
    out[1] = out[1] + 1u;
    __threadfence();
    atomicExch(lock, 0u);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    lk_lock_sum<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_lock_sum", &b);
}
