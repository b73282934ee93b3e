/* sev_gl_byte_vals: every lane of a warp stores its own input's low byte
 * to the warp's byte of a global char array: different values to one
 * byte. Racy (INTRA_WARP at severity error). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    ((uint8_t *)&a->aux[64])[gw] = (uint8_t)beyond_f(a->in[gw * ws + l], l); // scor:race byte
}
