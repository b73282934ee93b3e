// beyond/acq_mp_strong_data as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_strong_data/kernel.c (racy: STALE_READ), the same
// accesses in the same order. The producer's stores are strong, the
// consumer's loads weak, no consumer fence: a strong store reaches the L2,
// but the weak load may still be served by a stale line of the consumer's
// L1. The C version's st_strong_u32 is a store through a volatile pointer
// here (scord-nvcc makes it strong); the consumer's load is plain.
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_strong_data(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    uint32_t *data = &aux[64], *flag = &aux[0];
    volatile uint32_t *vdata = data;
    if (beyond_block() == 0) {
        vdata[l] = beyond_f(in[l], l); // scor:race acquire
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        out[l] = data[l]; // scor:race acquire
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_strong_data<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_strong_data", &b);
}
