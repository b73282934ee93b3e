// beyond/byte_gl_lanes_barrier as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_barrier/kernel.c (race-free), the same
// accesses in the same order.
// Warp 0 stores a char array c[l] in one instruction; after __syncthreads()
// warp 1's lanes read it, lane l the byte lane l wrote.
// out[l] = beyond_f(in[l], l).
// Launch (beyond.def): grid 1 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_barrier(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned l = beyond_lane();
    uint32_t v = beyond_f(in[l], l);
    if (beyond_warp() == 0)
        c[l] = (uint8_t)v;
    __syncthreads();
    if (beyond_warp() == 1)
        out[l] = (v & ~0xffu) | c[l];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    byte_gl_lanes_barrier<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_barrier", &b);
}
