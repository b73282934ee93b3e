// beyond/sh_reduce_nobar as a CUDA program: the twin of
// sw/bench/beyond/sh_reduce_nobar/kernel.c (racy), the same accesses in the
// same order. The tree reduction of sh_reduce without the barrier between
// its steps: a thread adds sums[t + st], which a thread of another warp
// wrote in the step before, with nothing ordering the two (the bug
// HiRace's Listing 2 shows). Racy (SHARED; the steps inside one warp also
// race, SHARED_WARP).
// Launch (beyond.def): grid 2 x 1, block 4 warps.
#include "beyond.cuh"

__global__ void sh_reduce_nobar(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t sums[256];
    unsigned t = beyond_tid(), nt = beyond_threads(), b = beyond_block();
    sums[t] = in[b * nt + t];
    __syncthreads();
    for (unsigned st = nt / 2; st > 0; st >>= 1) {
        if (t < st)
            sums[t] += sums[t + st]; // scor:race tree
    }
    __syncthreads();
    if (t == 0)
        out[b] = sums[0];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    sh_reduce_nobar<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_reduce_nobar", &b);
}
