/* wsh_flag_diverged: lanes of a warp take different sides of a branch and
 * each side writes the warp's one flag word in shared memory: two lanes
 * writing one location with no __syncwarp() between them (also two lanes
 * of one store instruction). Racy (SHARED_WARP). */
#include "../beyond.h"

__shared__ uint32_t flag[32];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), w = beyond_warp();
    volatile uint32_t *f = &flag[w];
    uint32_t x = a->in[gw * ws + l];
    if (x & 1u)
        *f = x + l;          // scor:race flag
    else
        *f = 0x100u + l;     // scor:race flag
    __syncwarp();
    if (l == 0)
        a->out[gw] = *f;
}
