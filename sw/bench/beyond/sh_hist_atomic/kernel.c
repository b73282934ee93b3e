/* sh_hist_atomic: a 16-bin histogram per block in shared memory, counted
 * with block-scope atomics (atomics on a shared word do not race with each
 * other), then added to the global histogram with device atomics.
 * Race-free: out[k] = how many of in[0..n) have low bits k. */
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
        atomicAdd_block(&bins[a->in[i] % BEYOND_BINS], 1u);
    __syncthreads();
    if (t < BEYOND_BINS)
        atomicAdd(&a->out[t], bins[t]);
}
