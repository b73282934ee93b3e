// beyond/scoped_two_consumers as a CUDA program: the twin of
// sw/bench/beyond/scoped_two_consumers/kernel.c (racy: SCOPED_ATOM), the
// same accesses in the same order. The hand-off of scoped_own_words is
// right, but then blocks 1 and 2 both add to x with block-scope atomics:
// nothing orders them with each other, and a block-scope atomic is not
// atomic across blocks.
// Launch (beyond.def): grid 3 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_two_consumers(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *flag = &aux[0];
    unsigned b = beyond_block();
    if (beyond_tid() != 0)
        return;
    if (b == 0) {
        atomicAdd(&out[0], in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(&out[0], in[b]); // scor:race both
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 3, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_two_consumers<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_two_consumers", &b);
}
