/* byte_gl_lanes_load: the lanes of block 0's warp read a char array c[l]
 * in one instruction; a while later, with no synchronization, block 1
 * stores c[0], which lane 0 read: a write after a read that the entry
 * (last read by lane 3, byte 3) holds only with every lane's bytes. Racy
 * (DEV_FENCE). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        a->out[l] = c[l] + 1u; // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        c[0] = 0xa5u; // scor:race lanes
    }
}
