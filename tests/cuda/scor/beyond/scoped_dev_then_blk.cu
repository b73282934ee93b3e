// beyond/scoped_dev_then_blk as a CUDA program: the twin of
// sw/bench/beyond/scoped_dev_then_blk/kernel.c (race-free), the same
// accesses in the same order. Block 0 adds to x with a device-scope
// atomic, fences (device scope) and raises a device-scope flag; block 1
// waits for the flag, fences, then adds with a block-scope atomic. The
// earlier side's device fence and the flag order the two atomics
// (heterogeneous-race-free "indirect" synchronization): race-free although
// one atomic is block-scope. out[0] = in[0] + in[1].
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_dev_then_blk(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *x = &out[0], *flag = &aux[0];
    if (beyond_tid() != 0)
        return;
    if (beyond_block() == 0) {
        atomicAdd(x, in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(x, in[1]);
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_dev_then_blk<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_dev_then_blk", &b);
}
