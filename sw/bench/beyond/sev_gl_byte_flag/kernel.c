/* sev_gl_byte_flag: every lane of a warp sets the warp's byte of a global
 * char array to 1 (the warps' bytes share words, which byte precision
 * keeps apart): one value per byte, a warning. out[g] = beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), g = gw * ws + l;
    ((uint8_t *)&a->aux[64])[gw] = 1u; // scor:race byteflag
    a->out[g] = beyond_f(a->in[g], g);
}
