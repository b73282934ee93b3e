/* wgl_push_plain: the stack push of wgl_push_atomic with a plain read and
 * write of the top: lanes of one warp read and write it unordered and take
 * the same slot. Racy (INTRA_WARP). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    volatile uint32_t *top = &a->aux[gw];
    uint32_t *stack = a->aux + 64 + gw * ws;
    uint32_t slot = *top;                        // scor:race top
    *top = slot + 1u;                            // scor:race top
    stack[slot % ws] = a->in[gw * ws + l];       // scor:race top
    __syncwarp();
    if (l == 0) {
        uint32_t s = 0;
        for (unsigned i = 0; i < ws; i++)
            s += stack[i];
        a->out[gw] = s;
    }
}
