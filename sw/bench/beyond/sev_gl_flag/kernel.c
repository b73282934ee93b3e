/* sev_gl_flag: every lane of a warp sets the warp's global flag word to 1
 * in one store (`done[w] = 1` by all threads): under the CUDA model the
 * lanes race, but they write one value, so none is lost. Reported at
 * severity warning (INTRA_WARP, docs/detector.md §8.2), never as an
 * error. out[g] = beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), g = gw * ws + l;
    a->aux[gw] = 1u; // scor:race flag
    a->out[g] = beyond_f(a->in[g], g);
}
