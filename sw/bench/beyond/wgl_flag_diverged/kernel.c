/* wgl_flag_diverged: diverged lanes of a warp write one flag word in global
 * memory, each side of the branch its own value, with no __syncwarp()
 * between them. Racy (INTRA_WARP). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    volatile uint32_t *flag = &a->aux[gw];
    uint32_t x = a->in[gw * ws + l];
    if (x & 1u)
        *flag = x + l;          // scor:race flag
    else
        *flag = 0x100u + l;     // scor:race flag
    __syncwarp();
    if (l == 0)
        a->out[gw] = *flag;
}
