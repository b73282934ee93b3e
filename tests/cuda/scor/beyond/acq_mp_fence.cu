// beyond/acq_mp_fence as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_fence/kernel.c (race-free), the same accesses in
// the same order. The textbook message passing (the CUDA programming
// guide's __threadfence() pattern): block 0's warp writes a value per lane
// with plain stores, fences at device scope and raises a flag; block 1's
// warp polls the flag, fences (the acquire: it drops the consumer's L1)
// and reads the values with plain loads.
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_fence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    uint32_t *data = &aux[64], *flag = &aux[0];
    if (beyond_block() == 0) {
        data[l] = beyond_f(in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        out[l] = data[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_fence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_fence", &b);
}
