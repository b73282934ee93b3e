// beyond/wgl_flag_ballot as a CUDA program: the twin of
// sw/bench/beyond/wgl_flag_ballot/kernel.c (race-free), the same accesses
// in the same order. Which lanes see an input above the threshold,
// gathered with a ballot; one lane writes the answer to global memory,
// another reads it after __syncwarp(). out[warp of the grid] = the ballot
// mask.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wgl_flag_ballot(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t x = in[gw * ws + l];
    unsigned m = __ballot_sync(0xffffffffu, x > BEYOND_THRESHOLD);
    if (l == 0)
        aux[gw] = m;
    __syncwarp();
    if (l == ws - 1)
        out[gw] = aux[gw];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wgl_flag_ballot<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wgl_flag_ballot", &b);
}
