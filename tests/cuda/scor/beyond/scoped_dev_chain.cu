// beyond/scoped_dev_chain as a CUDA program: the twin of
// sw/bench/beyond/scoped_dev_chain/kernel.c (race-free), the same accesses
// in the same order. Block 0 adds to x with a device-scope atomic, fences
// and raises flag 0; block 1 waits for it, fences and raises flag 1; block
// 2 waits for flag 1, fences and adds to x with a block-scope atomic. The
// chain of device fences and flags orders the two atomics (synchronization
// is transitive): race-free. out[0] = in[0] + in[1].
// Launch (beyond.def): grid 3 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_dev_chain(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *x = &out[0], *flag = &aux[0];
    if (beyond_tid() != 0)
        return;
    switch (beyond_block()) {
    case 0:
        atomicAdd(x, in[0]);
        __threadfence();
        atomicExch(&flag[0], 1u);
        break;
    case 1:
        while (atomicAdd(&flag[0], 0u) == 0u)
            ;
        __threadfence();
        atomicExch(&flag[1], 1u);
        break;
    default:
        while (atomicAdd(&flag[1], 0u) == 0u)
            ;
        __threadfence();
        atomicAdd_block(x, in[1]);
        break;
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 3, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_dev_chain<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_dev_chain", &b);
}
