// beyond/scoped_blk_then_dev_nofence as a CUDA program: the twin of
// sw/bench/beyond/scoped_blk_then_dev_nofence/kernel.c (racy: SCOPED_ATOM),
// the same accesses in the same order. scoped_blk_fenced without block 0's
// fence: its block-scope atomic is not ordered before block 1's access.
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void scoped_blk_then_dev_nofence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *x = &out[0], *flag = &aux[0];
    if (beyond_tid() != 0)
        return;
    if (beyond_block() == 0) {
        atomicAdd_block(x, in[0]); // scor:race scoped
        atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        atomicAdd(x, in[1]); // scor:race scoped
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    scoped_blk_then_dev_nofence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("scoped_blk_then_dev_nofence", &b);
}
