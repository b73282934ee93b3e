/* byte_gl_lanes_barrier: warp 0 stores a char array c[l] in one
 * instruction; after __syncthreads() warp 1's lanes read it, lane l the
 * byte lane l wrote. Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned l = beyond_lane();
    uint32_t v = beyond_f(a->in[l], l);
    if (beyond_warp() == 0)
        c[l] = (uint8_t)v;
    __syncthreads();
    if (beyond_warp() == 1)
        a->out[l] = (v & ~0xffu) | c[l];
}
