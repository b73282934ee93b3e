// beyond/byte_gl_lanes_own as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_own/kernel.c (race-free), the same accesses
// in the same order.
// Every thread stores its byte of a char array c[t] (the lanes of one
// store share words) and reads it back at once: a thread's own byte,
// whatever byte the entry's last lane wrote. The lanes of the warp are
// checked against that last lane's own bytes only (docs/detector.md §6.3
// C0), never against the bytes the other lanes stored.
// out[g] = beyond_f(in[g], g).
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_own(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned t = beyond_tid();
    uint32_t v = beyond_f(in[t], t);
    c[t] = (uint8_t)v;
    out[t] = (v & ~0xffu) | c[t];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_gl_lanes_own<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_own", &b);
}
