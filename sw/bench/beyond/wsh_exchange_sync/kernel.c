/* wsh_exchange_sync: each lane stores a value to its own shared word and,
 * after __syncwarp(), reads its neighbour's (lane l ^ 1). Race-free:
 * out[g] = beyond_f(in[g ^ 1], g ^ 1) for every thread g of the grid. */
#include "../beyond.h"

__shared__ uint32_t part[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    uint32_t *s = part + beyond_warp() * ws;
    s[l] = beyond_f(a->in[g], g);
    __syncwarp();
    a->out[g] = s[l ^ 1u];
}
