// beyond/sev_gl_flag as a CUDA program: the twin of
// sw/bench/beyond/sev_gl_flag/kernel.c (warning: INTRA_WARP at severity
// warning only), the same accesses in the same order.
// Every lane of a warp sets the warp's global flag word to 1 in one store
// (`done[w] = 1` by all threads): under the CUDA model the lanes race, but
// they write one value, so none is lost. Reported at severity warning
// (INTRA_WARP, docs/detector.md §8.2), never as an error.
// out[g] = beyond_f(in[g], g).
// Launch (beyond.def): grid 2 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void sev_gl_flag(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), g = gw * ws + l;
    aux[gw] = 1u; // scor:race flag
    out[g] = beyond_f(in[g], g);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sev_gl_flag<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sev_gl_flag", &b);
}
