// beyond/acq_mp_blkfence as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_blkfence/kernel.c (racy: STALE_READ), the same
// accesses in the same order. The consumer fences at block scope only: a
// block fence does not drop the L1 for another block's data.
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_blkfence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    uint32_t *data = &aux[64], *flag = &aux[0];
    if (beyond_block() == 0) {
        data[l] = beyond_f(in[l], l); // scor:race acquire
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence_block();
        out[l] = data[l]; // scor:race acquire
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_blkfence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_blkfence", &b);
}
