/* wsh_same_store: two lanes of one store instruction write the same word
 * (lanes 2k and 2k+1 both store s[k]): the highest lane wins in this GPU,
 * but under the CUDA model the two writes are unordered. Racy
 * (SHARED_WARP, within one bank pass). */
#include "../beyond.h"

__shared__ uint32_t part[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = part + beyond_warp() * ws;
    s[l / 2] = a->in[gw * ws + l]; // scor:race pair
    __syncwarp();
    if (l < ws / 2)
        a->out[gw * ws + l] = s[l];
}
