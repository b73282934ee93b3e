/* wsh_reduce_nosync: the warp-synchronous reduction of wsh_reduce_sync
 * written the pre-Volta way, without __syncwarp(): lane l reads s[l + st],
 * which lane l + st wrote, relying on lockstep execution that independent
 * thread scheduling no longer guarantees. Racy (SHARED_WARP). */
#include "../beyond.h"

__shared__ uint32_t part[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    volatile uint32_t *s = part + beyond_warp() * ws;
    s[l] = a->in[gw * ws + l]; // scor:race warpsum
    for (unsigned st = ws / 2; st > 0; st >>= 1) {
        if (l < st)
            s[l] += s[l + st]; // scor:race warpsum
    }
    if (l == 0)
        a->out[gw] = s[0];
}
