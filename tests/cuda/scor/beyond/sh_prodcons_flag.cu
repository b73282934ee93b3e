// beyond/sh_prodcons_flag as a CUDA program: the twin of
// sw/bench/beyond/sh_prodcons_flag/kernel.c (race-free), the same accesses
// in the same order. Warp 0 produces a value per lane into shared memory,
// fences (block scope) and raises a flag with a block-scope atomic; warp 1
// polls the flag with block-scope atomics and consumes. The fence and the
// flag order the hand-off (HiRace's warp-to-warp communication).
// out[l] = beyond_f(in[l], l) for each lane l.
// Launch (beyond.def): grid 1 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void sh_prodcons_flag(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t data[32];
    __shared__ uint32_t flag;
    unsigned l = beyond_lane(), w = beyond_warp();
    if (beyond_tid() == 0)
        flag = 0;
    __syncthreads();
    if (w == 0) {
        data[l] = beyond_f(in[l], l);
        __threadfence_block();
        if (l == 0)
            atomicExch_block(&flag, 1u);
    } else if (w == 1) {
        while (atomicAdd_block(&flag, 0u) == 0u)
            ;
        out[l] = data[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sh_prodcons_flag<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_prodcons_flag", &b);
}
