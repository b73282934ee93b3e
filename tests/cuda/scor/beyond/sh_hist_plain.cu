// beyond/sh_hist_plain as a CUDA program: the twin of
// sw/bench/beyond/sh_hist_plain/kernel.c (racy), the same accesses in the
// same order. The histogram of sh_hist_atomic with plain increments:
// threads of different warps (and lanes of one warp) read and write one
// bin with nothing ordering them; counts are lost. Racy (SHARED).
// Launch (beyond.def): grid 2 x 1, block 4 warps, n = 512.
#include "beyond.cuh"

__global__ void sh_hist_plain(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    __shared__ uint32_t bins[BEYOND_BINS];
    unsigned t = beyond_tid(), nt = beyond_threads();
    unsigned all = nt * gridDim.x;
    if (t < BEYOND_BINS)
        bins[t] = 0;
    __syncthreads();
    for (unsigned i = beyond_block() * nt + t; i < n; i += all)
        bins[in[i] % BEYOND_BINS]++; // scor:race bin
    __syncthreads();
    if (t < BEYOND_BINS)
        atomicAdd(&out[t], bins[t]);
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    sh_hist_plain<<<grid, block>>>(b.in, b.out, b.aux, 512);
    return beyond_finish("sh_hist_plain", &b);
}
