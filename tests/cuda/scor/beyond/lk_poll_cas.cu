// beyond/lk_poll_cas as a CUDA program: the twin of
// sw/bench/beyond/lk_poll_cas/kernel.c (race-free), the same accesses in
// the same order. Block 0 writes its lanes' values with strong stores,
// fences and raises a flag with an exchange of 1; block 1 polls the flag
// with atomicCAS(flag, 0, 0), fences and reads the values with strong
// loads. The poll changes nothing, so it takes no lock (docs/detector.md
// §4.2): the consumer's loads share no lock with the producer's stores and
// need none, the producer's fence and the flag order them.
// out[l] = f(in[l], l). The C version's st_strong_u32 / ld_strong_u32 are
// accesses through a volatile pointer here (scord-nvcc makes them strong).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void lk_poll_cas(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *flag = &aux[0];
    volatile uint32_t *val = &aux[16];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        val[l] = beyond_f(in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        while (atomicCAS(flag, 0u, 0u) == 0u)
            ;
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
    lk_poll_cas<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("lk_poll_cas", &b);
}
