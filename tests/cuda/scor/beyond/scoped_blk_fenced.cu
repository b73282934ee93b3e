// beyond/scoped_blk_fenced as a CUDA program: the twin of
// sw/bench/beyond/scoped_blk_fenced/kernel.c (racy: SCOPED_ATOM), the same
// accesses in the same order. Block 0 adds to x with a block-scope atomic,
// then a device fence and a device-scope flag; block 1 waits, fences and
// adds with a device-scope atomic. A block-scope atomic is promised to its
// own block only, and a fence after it does not publish it to other blocks
// (ScoRD's Table IV (d), ScoR's t4d). The reverse order is not racy
// (scoped_dev_then_blk).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_blk_fenced(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *x = &out[0], *flag = &aux[0];
    if (beyond_tid() != 0)
        return;
    if (beyond_block() == 0) {
        atomicAdd_block(x, in[0]); // scor:race blk
        __threadfence();
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd(x, in[1]); // scor:race blk
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_blk_fenced<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_blk_fenced", &b);
}
