// beyond/acq_mp_store as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_store/kernel.c (race-free), the same accesses in
// the same order. The hand-off orders a write too. Block 0 writes a
// placeholder per lane (plain stores), fences, raises a flag; block 1
// polls, fences, overwrites each word with plain stores and reads its own
// value back. The fences on both sides and the flag order the two writes
// (the consumer's store cannot be overtaken by the producer's).
// out[l] = beyond_f(in[l], l).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_store(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    uint32_t *data = &aux[64], *flag = &aux[0];
    if (beyond_block() == 0) {
        data[l] = 0xdead0000u + l;
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        data[l] = beyond_f(in[l], l);
        out[l] = data[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_store<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_store", &b);
}
