// beyond/wsh_flag_ballot as a CUDA program: the twin of
// sw/bench/beyond/wsh_flag_ballot/kernel.c (race-free), the same accesses
// in the same order. Which lanes of a warp see an input above the
// threshold: a ballot gathers the answer, one lane writes it to the warp's
// word of shared memory, another lane reads it after __syncwarp().
// out[warp of the grid] = the ballot mask.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wsh_flag_ballot(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t flag[32];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), w = beyond_warp();
    uint32_t x = in[gw * ws + l];
    unsigned m = __ballot_sync(0xffffffffu, x > BEYOND_THRESHOLD);
    if (l == 0)
        flag[w] = m;
    __syncwarp();
    if (l == ws - 1)
        out[gw] = flag[w];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wsh_flag_ballot<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_flag_ballot", &b);
}
