/* byte_gl_lanes_syncwarp: each warp stores a char array c[t] in one
 * instruction and, after __syncwarp(), each lane reads its neighbour's
 * byte (t ^ 1): the warp sync orders the lanes. Race-free:
 * out[g] = beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned t = beyond_tid(), u = t ^ 1u;
    c[t] = (uint8_t)beyond_f(a->in[t], t);
    __syncwarp();
    a->out[u] = (beyond_f(a->in[u], u) & ~0xffu) | c[u];
}
