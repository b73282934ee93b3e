/* sev_gl_lane_id: every lane of a warp stores its own lane number to the
 * warp's global word: different values, one of them wins. Racy
 * (INTRA_WARP at severity error). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), gw = beyond_gwarp();
    a->aux[gw] = l; // scor:race lane
    __syncwarp();
    if (l == 0)
        a->out[gw] = a->aux[gw];
}
