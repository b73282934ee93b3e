/* byte_gl_lanes_write: the lanes of block 0's warp store a char array c[l]
 * in one instruction; a while later, with no synchronization, block 1
 * overwrites c[0], the byte lane 0 wrote (the entry of its word names lane
 * 3 and its byte 3: the store's other bytes must stay in it). Racy
 * (DEV_FENCE). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        c[l] = (uint8_t)beyond_f(a->in[l], l); // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        c[0] = 0xa5u; // scor:race lanes
    }
}
