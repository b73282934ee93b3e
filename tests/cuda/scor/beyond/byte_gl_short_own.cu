// beyond/byte_gl_short_own as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_short_own/kernel.c (race-free), the same accesses
// in the same order.
// byte_gl_own with a short array: two threads of one warp (h[t]) or of two
// warps (h[n + il(t)]) write the two halves of one word.
// out halves = (uint16_t)beyond_f(in[t], t) at t and
// (uint16_t)beyond_f(in[t], n + t) at n + il(t).
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_short_own(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux, (void)n;
    unsigned t = beyond_tid(), nt = beyond_threads();
    uint16_t *h = (uint16_t *)out;
    h[t] = (uint16_t)beyond_f(in[t], t);
    h[nt + beyond_il(t)] = (uint16_t)beyond_f(in[t], nt + t);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_gl_short_own<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_short_own", &b);
}
