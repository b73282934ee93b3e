/* wsh_exchange_nosync: the neighbour exchange of wsh_exchange_sync without
 * __syncwarp(): lane l reads the word lane l ^ 1 writes, unordered. Racy
 * (SHARED_WARP). */
#include "../beyond.h"

__shared__ uint32_t part[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    volatile uint32_t *s = part + beyond_warp() * ws;
    s[l] = beyond_f(a->in[g], g); // scor:race xchg
    a->out[g] = s[l ^ 1u];        // scor:race xchg
}
