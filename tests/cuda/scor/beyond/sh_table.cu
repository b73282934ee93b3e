// beyond/sh_table as a CUDA program: the twin of
// sw/bench/beyond/sh_table/kernel.c (race-free), the same accesses in the
// same order. A read-only lookup table: 16 threads fill it, a barrier,
// then every thread of the block reads entries other warps wrote (reads
// never race with reads). out[i] = 3 in[in[16 + i] % 16] + 1.
// Launch (beyond.def): grid 2 x 1, block 4 warps.
#include "beyond.cuh"

__global__ void sh_table(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t table[BEYOND_BINS];
    unsigned t = beyond_tid(), i = beyond_block() * beyond_threads() + t;
    if (t < BEYOND_BINS)
        table[t] = in[t] * 3u + 1u;
    __syncthreads();
    out[i] = table[in[BEYOND_BINS + i] % BEYOND_BINS];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    sh_table<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_table", &b);
}
