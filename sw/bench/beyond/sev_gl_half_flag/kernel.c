/* sev_gl_half_flag: every lane of a warp writes 0xbeef to the warp's
 * half of a global short array: one value of the access's two bytes (the
 * other half of the word is another warp's), a warning.
 * out[g] = beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), g = gw * ws + l;
    ((uint16_t *)&a->aux[64])[gw] = 0xbeefu; // scor:race halfflag
    a->out[g] = beyond_f(a->in[g], g);
}
