// beyond/lk_poll_cas_nofence as a CUDA program: the twin of
// sw/bench/beyond/lk_poll_cas_nofence/kernel.c (racy: DEV_FENCE), the same
// accesses in the same order. lk_poll_cas without the producer's fence
// between its stores and the flag: the consumer's polls
// (atomicCAS(flag, 0, 0)) take no lock, and its fenced load of a value is
// not ordered after the store (device-fence race). The C version's
// st_strong_u32 / ld_strong_u32 are accesses through a volatile pointer
// here (scord-nvcc makes them strong).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_poll_cas_nofence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *flag = &aux[0];
    volatile uint32_t *val = &aux[16];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        val[l] = beyond_f(in[l], l); // scor:race nofence
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        while (atomicCAS(flag, 0u, 0u) == 0u)
            ;
        __threadfence();
        out[l] = val[l]; // scor:race nofence
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    lk_poll_cas_nofence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_poll_cas_nofence", &b);
}
