// beyond/byte_gl_lanes_syncwarp as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_syncwarp/kernel.c (race-free), the same
// accesses in the same order.
// Each warp stores a char array c[t] in one instruction and, after
// __syncwarp(), each lane reads its neighbour's byte (t ^ 1): the warp sync
// orders the lanes. out[g] = beyond_f(in[g], g).
// Launch (beyond.def): grid 1 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_syncwarp(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned t = beyond_tid(), u = t ^ 1u;
    c[t] = (uint8_t)beyond_f(in[t], t);
    __syncwarp();
    out[u] = (beyond_f(in[u], u) & ~0xffu) | c[u];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    byte_gl_lanes_syncwarp<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_syncwarp", &b);
}
