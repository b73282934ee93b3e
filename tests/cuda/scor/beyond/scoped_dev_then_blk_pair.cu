// beyond/scoped_dev_then_blk_pair as a CUDA program: the twin of
// sw/bench/beyond/scoped_dev_then_blk_pair/kernel.c (race-free), the same
// accesses in the same order. Block 0 adds to x and y with device-scope
// atomics, fences (device scope) and raises a device-scope flag; block 1
// waits, fences, and adds to each with a block-scope atomic. Both pairs
// are ordered by the fence and the flag (HRF-indirect): race-free.
// out[0] = in[0] + in[1], out[1] = in[0] + in[2].
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_dev_then_blk_pair(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *x = &out[0], *y = &out[1], *flag = &aux[0];
    if (beyond_tid() != 0)
        return;
    if (beyond_block() == 0) {
        atomicAdd(x, in[0]);
        atomicAdd(y, in[0]);
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd_block(x, in[1]);
        atomicAdd_block(y, in[2]);
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_dev_then_blk_pair<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_dev_then_blk_pair", &b);
}
