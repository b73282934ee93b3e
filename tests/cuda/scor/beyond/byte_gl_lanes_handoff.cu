// beyond/byte_gl_lanes_handoff as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_handoff/kernel.c (race-free), the same
// accesses in the same order.
// The lanes of block 0's warp store a char array c[l] in one instruction,
// fence at device scope and raise a flag; block 1's lanes poll the flag,
// fence at device scope and each read c[l]: every byte the store wrote is
// ordered before its reader, whichever lane wrote it.
// out[l] = beyond_f(in[l], l).
// Launch (beyond.def): grid 2 x 1, block 1 warp, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_handoff(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    uint32_t *flag = &aux[0];
    unsigned l = beyond_lane();
    uint32_t v = beyond_f(in[l], l);
    if (beyond_block() == 0) {
        c[l] = (uint8_t)v;
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        out[l] = (v & ~0xffu) | c[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    byte_gl_lanes_handoff<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_handoff", &b);
}
