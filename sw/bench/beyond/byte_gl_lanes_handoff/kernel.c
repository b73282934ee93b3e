/* byte_gl_lanes_handoff: the lanes of block 0's warp store a char array
 * c[l] in one instruction, fence at device scope and raise a flag; block
 * 1's lanes poll the flag, fence at device scope and each read c[l]: every
 * byte the store wrote is ordered before its reader, whichever lane wrote
 * it. Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    uint32_t *flag = &a->aux[0];
    unsigned l = beyond_lane();
    uint32_t v = beyond_f(a->in[l], l);
    if (__block_linear() == 0) {
        c[l] = (uint8_t)v;
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        a->out[l] = (v & ~0xffu) | c[l];
    }
}
