/* sh_reduce_nobar: the tree reduction of sh_reduce without the barrier
 * between its steps: a thread adds sums[t + st], which a thread of another
 * warp wrote in the step before, with nothing ordering the two (the bug
 * HiRace's Listing 2 shows). Racy (SHARED; the steps inside one warp also
 * race, SHARED_WARP). */
#include "../beyond.h"

__shared__ uint32_t sums[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), nt = beyond_threads(), b = __block_linear();
    sums[t] = a->in[b * nt + t];
    __syncthreads();
    for (unsigned st = nt / 2; st > 0; st >>= 1) {
        if (t < st)
            sums[t] += sums[t + st]; // scor:race tree
    }
    __syncthreads();
    if (t == 0)
        a->out[b] = sums[0];
}
