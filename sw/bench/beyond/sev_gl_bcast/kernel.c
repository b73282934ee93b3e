/* sev_gl_bcast: every lane of a warp copies the warp's first input word
 * into one global word (a broadcast value stored by all lanes instead of
 * one): one value, a warning. out[g] = beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), g = gw * ws + l;
    uint32_t first = a->in[gw * ws];
    a->aux[gw] = first; // scor:race bcast
    a->out[g] = beyond_f(a->in[g], g);
}
