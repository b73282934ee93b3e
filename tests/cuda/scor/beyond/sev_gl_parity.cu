// beyond/sev_gl_parity as a CUDA program: the twin of
// sw/bench/beyond/sev_gl_parity/kernel.c (racy: INTRA_WARP at severity
// error), the same accesses in the same order.
// The lanes of a warp store 1 (even lanes) or 2 (odd lanes) to one global
// word in one instruction: lanes of one parity agree, but neighbouring lanes
// do not, so the race is an error (the record of the instruction is an
// error once any of its occurrences is).
// Launch (beyond.def): grid 2 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void sev_gl_parity(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)in, (void)out, (void)n;
    unsigned l = beyond_lane(), gw = beyond_gwarp();
    aux[gw] = 1u + (l & 1u); // scor:race parity
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sev_gl_parity<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sev_gl_parity", &b);
}
