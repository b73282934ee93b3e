/* sh_hist_plain: the histogram of sh_hist_atomic with plain increments:
 * threads of different warps (and lanes of one warp) read and write one
 * bin with nothing ordering them; counts are lost. Racy (SHARED). */
#include "../beyond.h"

__shared__ uint32_t bins[BEYOND_BINS];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), nt = beyond_threads();
    unsigned all = nt * gridDim.x;
    if (t < BEYOND_BINS)
        bins[t] = 0;
    __syncthreads();
    for (unsigned i = __block_linear() * nt + t; i < a->n; i += all)
        bins[a->in[i] % BEYOND_BINS]++; // scor:race bin
    __syncthreads();
    if (t < BEYOND_BINS)
        atomicAdd(&a->out[t], bins[t]);
}
