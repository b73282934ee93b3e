// beyond/byte_gl_lanes_warp as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_warp/kernel.c (racy: BLOCK_FENCE), the same
// accesses in the same order.
// Warp 0 stores a char array c[l] in one instruction; a while later warp 1
// of the same block reads c[0] with no barrier between (the byte of lane 0,
// not of the store's last lane, which the entry names).
// Launch (beyond.def): grid 1 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_warp(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned l = beyond_lane();
    if (beyond_warp() == 0) {
        c[l] = (uint8_t)beyond_f(in[l], l); // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        out[0] = c[0]; // scor:race lanes
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    byte_gl_lanes_warp<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_warp", &b);
}
