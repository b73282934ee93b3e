// beyond/acq_mp_chain as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_chain/kernel.c (race-free), the same accesses in
// the same order. The message passing through a third block. Block 0
// writes (plain stores), fences, raises flag 0; block 1 polls it, fences,
// raises flag 1; block 2 polls flag 1, fences (its acquire) and reads with
// plain loads: each link a device fence and a device atomic flag.
// out[l] = beyond_f(in[l], l).
// Launch (beyond.def): grid 3 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_chain(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    uint32_t *data = &aux[64], *flag = &aux[0];
    switch (beyond_block()) {
    case 0:
        data[l] = beyond_f(in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(&flag[0], 1u);
        break;
    case 1:
        beyond_wait_flag(&flag[0]);
        __threadfence();
        if (l == 0)
            atomicExch(&flag[8], 1u);
        break;
    default:
        beyond_wait_flag(&flag[8]);
        __threadfence();
        out[l] = data[l];
        break;
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 3, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_chain<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_chain", &b);
}
