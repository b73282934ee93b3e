/* wgl_reduce_nosync: wgl_reduce_sync without __syncwarp(): lanes of one
 * warp read global words other lanes wrote, ordered by nothing but
 * lockstep execution (iGUARD's R2). Racy (INTRA_WARP). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    volatile uint32_t *s = a->aux + gw * ws;
    s[l] = a->in[gw * ws + l]; // scor:race warpsum
    for (unsigned st = ws / 2; st > 0; st >>= 1) {
        if (l < st)
            s[l] += s[l + st]; // scor:race warpsum
    }
    if (l == 0)
        a->out[gw] = s[0];
}
