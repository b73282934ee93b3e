/* wgl_push_atomic: the lanes of a warp push their inputs onto the warp's
 * stack in global memory, taking slots with a device atomic on its top;
 * after __syncwarp() lane 0 sums the stack. Race-free: out[warp of the
 * grid] = its lanes' sum. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *top = &a->aux[gw], *stack = a->aux + 64 + gw * ws;
    uint32_t slot = atomicAdd(top, 1u);
    stack[slot] = a->in[gw * ws + l];
    __syncwarp();
    if (l == 0) {
        uint32_t s = 0;
        for (unsigned i = 0; i < *top; i++)
            s += stack[i];
        a->out[gw] = s;
    }
}
