/* wgl_exchange_nosync: the neighbour exchange of wgl_exchange_sync without
 * __syncwarp(). Racy (INTRA_WARP). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    volatile uint32_t *x = a->aux;
    x[g] = beyond_f(a->in[g], g);   // scor:race xchg
    a->out[g] = x[g ^ 1u];          // scor:race xchg
}
