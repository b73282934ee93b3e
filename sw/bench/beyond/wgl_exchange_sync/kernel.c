/* wgl_exchange_sync: each lane stores a value to its own global word and,
 * after __syncwarp(), reads its neighbour's (lane l ^ 1). Race-free:
 * out[g] = beyond_f(in[g ^ 1], g ^ 1) for every thread g of the grid. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    a->aux[g] = beyond_f(a->in[g], g);
    __syncwarp();
    a->out[g] = a->aux[g ^ 1u];
}
