// beyond/acq_mp_volatile as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_volatile/kernel.c (race-free), the same accesses
// in the same order. The message passing with strong (volatile) data
// accesses on both sides and no fence after the consumer's poll: a strong
// load bypasses the L1, so it needs no acquire fence to see the data.
// out[l] = beyond_f(in[l], l). The C version's st_strong_u32 /
// ld_strong_u32 are accesses through a volatile pointer here (scord-nvcc
// makes them strong).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_volatile(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    volatile uint32_t *data = &aux[64];
    uint32_t *flag = &aux[0];
    if (beyond_block() == 0) {
        data[l] = beyond_f(in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        out[l] = data[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_volatile<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_volatile", &b);
}
