// beyond/byte_gl_overlap as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_overlap/kernel.c (racy: INTRA_WARP), the same
// accesses in the same order.
// A char array in global memory indexed by t / 2: lanes 2k and 2k+1 of one
// warp store the same byte in one instruction. Byte precision does not hide
// it: the bytes overlap.
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_overlap(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux, (void)n;
    unsigned t = beyond_tid();
    uint8_t *c = (uint8_t *)out;
    c[t / 2] = (uint8_t)beyond_f(in[t], t); // scor:race half
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_gl_overlap<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_overlap", &b);
}
