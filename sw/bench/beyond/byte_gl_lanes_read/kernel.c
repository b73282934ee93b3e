/* byte_gl_lanes_read: the lanes of block 0's warp store a char array c[l]
 * in one instruction (each 4-byte word holds four lanes' bytes); a while
 * later, with no synchronization, block 1 reads c[0], the byte lane 0
 * wrote. The entry of that word was last written by lane 3 (its byte 3):
 * only because the entry keeps the bytes of every lane of the store
 * (docs/detector.md §5.3) is the pair found. Racy (DEV_FENCE). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        c[l] = (uint8_t)beyond_f(a->in[l], l); // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        a->out[0] = c[0]; // scor:race lanes
    }
}
