// beyond/byte_gl_own as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_own/kernel.c (race-free), the same accesses in the
// same order.
// A char array in global memory indexed by thread, twice: c[t] (the four
// lanes of a 4-byte word belong to one warp) and c[n + il(t)] (lane-major:
// each word holds bytes of four warps). Threads write different bytes of
// shared words: no race at byte precision (LD's byte granularity).
// out bytes = (uint8_t)beyond_f(in[t], t) at t and
// (uint8_t)beyond_f(in[t], n + t) at n + il(t).
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_own(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux, (void)n;
    unsigned t = beyond_tid(), nt = beyond_threads();
    uint8_t *c = (uint8_t *)out;
    c[t] = (uint8_t)beyond_f(in[t], t);
    c[nt + beyond_il(t)] = (uint8_t)beyond_f(in[t], nt + t);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_gl_own<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_own", &b);
}
