// beyond/lk_poll_chain as a CUDA program: the twin of
// sw/bench/beyond/lk_poll_chain/kernel.c (race-free), the same accesses in
// the same order. A chain of three blocks, each link a device fence and a
// flag polled with atomicCAS(flag, 0, 0): block 0 writes the values with
// strong stores, fences, raises flag 0; block 1 waits for it, fences,
// raises flag 1; block 2 waits for flag 1, fences and reads the values
// with strong loads. No poll takes a lock (docs/detector.md §4.2), and the
// first writer's fence orders its stores before the last reader's loads
// (synchronization is transitive). out[l] = f(in[l], l). The C version's
// st_strong_u32 / ld_strong_u32 are accesses through a volatile pointer
// here (scord-nvcc makes them strong).
// Launch (beyond.def): grid 3 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_poll_chain(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *flag = &aux[0];
    volatile uint32_t *val = &aux[16];
    unsigned l = beyond_lane();
    switch (beyond_block()) {
    case 0:
        val[l] = beyond_f(in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(&flag[0], 1u);
        break;
    case 1:
        while (atomicCAS(&flag[0], 0u, 0u) == 0u)
            ;
        __threadfence();
        if (l == 0)
            atomicExch(&flag[8], 1u);
        break;
    default:
        while (atomicCAS(&flag[8], 0u, 0u) == 0u)
            ;
        __threadfence();
        out[l] = val[l];
        break;
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 3, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    lk_poll_chain<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_poll_chain", &b);
}
