/* byte_gl_lanes_warp: warp 0 stores a char array c[l] in one instruction;
 * a while later warp 1 of the same block reads c[0] with no barrier
 * between (the byte of lane 0, not of the store's last lane, which the
 * entry names). Racy (BLOCK_FENCE). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned l = beyond_lane();
    if (beyond_warp() == 0) {
        c[l] = (uint8_t)beyond_f(a->in[l], l); // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        a->out[0] = c[0]; // scor:race lanes
    }
}
