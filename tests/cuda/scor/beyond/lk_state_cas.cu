// beyond/lk_state_cas as a CUDA program: the twin of
// sw/bench/beyond/lk_state_cas/kernel.c (race-free), the same accesses in
// the same order. A hand-off through a state word that a CAS steps from 1
// to 2: block 0 writes the values with strong stores, fences and sets the
// state to 1 with an exchange; lane 0 of block 1 waits until its
// atomicCAS(state, 1, 2) finds 1, then the warp fences and reads the
// values with strong loads. A CAS from a non-zero value is a state
// machine's step, not a lock's acquire (docs/detector.md §4.2): block 1
// holds no lock and needs none. out[l] = f(in[l], l). The C version's
// st_strong_u32 / ld_strong_u32 are accesses through a volatile pointer
// here (scord-nvcc makes them strong).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_state_cas(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *state = &aux[0];
    volatile uint32_t *val = &aux[16];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        val[l] = beyond_f(in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(state, 1u);
    } else {
        if (l == 0)
            while (atomicCAS(state, 1u, 2u) != 1u)
                ;
        __syncwarp();
        __threadfence();
        out[l] = val[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    lk_state_cas<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_state_cas", &b);
}
