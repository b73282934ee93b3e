/* byte_gl_lanes_stale: a hand-off of a char array whose bytes the lanes of
 * one store write: block 0 stores c[l], fences at device scope and raises
 * a flag; block 1 polls the flag but does not fence before reading c[0]
 * (lane 0's byte; the entry names the store's last lane). Racy
 * (STALE_READ: the reader's acquire fence is missing). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    uint32_t *flag = &a->aux[0];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        c[l] = (uint8_t)beyond_f(a->in[l], l); // scor:race lanes
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else if (l == 0) {
        beyond_wait_flag(flag);
        a->out[0] = c[0]; // scor:race lanes
    }
}
