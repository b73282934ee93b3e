// beyond/sev_gl_lane_id as a CUDA program: the twin of
// sw/bench/beyond/sev_gl_lane_id/kernel.c (racy: INTRA_WARP at severity
// error), the same accesses in the same order.
// Every lane of a warp stores its own lane number to the warp's global
// word: different values, one of them wins.
// Launch (beyond.def): grid 2 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void sev_gl_lane_id(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)in, (void)n;
    unsigned l = beyond_lane(), gw = beyond_gwarp();
    aux[gw] = l; // scor:race lane
    __syncwarp();
    if (l == 0)
        out[gw] = aux[gw];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sev_gl_lane_id<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sev_gl_lane_id", &b);
}
