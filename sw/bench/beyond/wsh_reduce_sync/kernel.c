/* wsh_reduce_sync: each warp sums its lanes' inputs in its own slice of
 * shared memory, warp-synchronously, with __syncwarp() after the stores and
 * after every step: correct under independent thread scheduling (iGUARD
 * §2, HiRace §II-B). Race-free: out[warp of the grid] = its lanes' sum. */
#include "../beyond.h"

__shared__ uint32_t part[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = part + beyond_warp() * ws;
    s[l] = a->in[gw * ws + l];
    __syncwarp();
    for (unsigned st = ws / 2; st > 0; st >>= 1) {
        if (l < st)
            s[l] += s[l + st];
        __syncwarp();
    }
    if (l == 0)
        a->out[gw] = s[0];
}
