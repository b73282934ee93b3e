// beyond/scoped_own_words as a CUDA program: the twin of
// sw/bench/beyond/scoped_own_words/kernel.c (race-free), the same accesses
// in the same order. Block 0 adds in[0] to x and y with device atomics,
// fences and raises a flag; blocks 1 and 2 wait for it, fence, and each
// adds with a block-scope atomic to its own word (1 to x, 2 to y): each
// word is shared by two blocks ordered through the flag.
// out[0] = in[0] + in[1], out[1] = in[0] + in[2].
// Launch (beyond.def): grid 3 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_own_words(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *flag = &aux[0];
    unsigned b = beyond_block();
    if (beyond_tid() != 0)
        return;
    if (b == 0) {
        atomicAdd(&out[0], in[0]);
        atomicAdd(&out[1], in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(&out[b - 1], in[b]);
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 3, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_own_words<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_own_words", &b);
}
