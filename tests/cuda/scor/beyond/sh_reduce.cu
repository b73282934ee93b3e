// beyond/sh_reduce as a CUDA program: the twin of
// sw/bench/beyond/sh_reduce/kernel.c (race-free), the same accesses in the
// same order. Tree reduction of a block's inputs in shared memory with a
// __syncthreads() after every step: barrier-separated phases (HiRace
// §III). out[block] = the sum of the block's inputs.
// Launch (beyond.def): grid 2 x 1, block 4 warps.
#include "beyond.cuh"

__global__ void sh_reduce(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t sums[256];
    unsigned t = beyond_tid(), nt = beyond_threads(), b = beyond_block();
    sums[t] = in[b * nt + t];
    __syncthreads();
    for (unsigned st = nt / 2; st > 0; st >>= 1) {
        if (t < st)
            sums[t] += sums[t + st];
        __syncthreads();
    }
    if (t == 0)
        out[b] = sums[0];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    sh_reduce<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_reduce", &b);
}
