/* wgl_reduce_sync: the warp-synchronous reduction of wsh_reduce_sync in
 * global memory (a per-warp slice of aux), __syncwarp() after the stores
 * and after every step. Race-free: out[warp of the grid] = its lanes' sum. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = a->aux + gw * ws;
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
