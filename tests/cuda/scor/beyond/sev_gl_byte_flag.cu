// beyond/sev_gl_byte_flag as a CUDA program: the twin of
// sw/bench/beyond/sev_gl_byte_flag/kernel.c (warning: INTRA_WARP at severity
// warning only), the same accesses in the same order.
// Every lane of a warp sets the warp's byte of a global char array to 1
// (the warps' bytes share words, which byte precision keeps apart): one
// value per byte, a warning. out[g] = beyond_f(in[g], g).
// Launch (beyond.def): grid 2 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void sev_gl_byte_flag(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), g = gw * ws + l;
    ((uint8_t *)&aux[64])[gw] = 1u; // scor:race byteflag
    out[g] = beyond_f(in[g], g);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sev_gl_byte_flag<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sev_gl_byte_flag", &b);
}
