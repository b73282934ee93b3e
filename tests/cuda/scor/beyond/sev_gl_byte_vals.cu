// beyond/sev_gl_byte_vals as a CUDA program: the twin of
// sw/bench/beyond/sev_gl_byte_vals/kernel.c (racy: INTRA_WARP at severity
// error), the same accesses in the same order.
// Every lane of a warp stores its own input's low byte to the warp's byte
// of a global char array: different values to one byte.
// Launch (beyond.def): grid 2 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void sev_gl_byte_vals(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)out, (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    ((uint8_t *)&aux[64])[gw] = (uint8_t)beyond_f(in[gw * ws + l], l); // scor:race byte
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sev_gl_byte_vals<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sev_gl_byte_vals", &b);
}
