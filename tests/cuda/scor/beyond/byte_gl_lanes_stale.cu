// beyond/byte_gl_lanes_stale as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_stale/kernel.c (racy: STALE_READ), the same
// accesses in the same order.
// A hand-off of a char array whose bytes the lanes of one store write:
// block 0 stores c[l], fences at device scope and raises a flag; block 1
// polls the flag but does not fence before reading c[0] (lane 0's byte; the
// entry names the store's last lane): the reader's acquire fence is
// missing.
// Launch (beyond.def): grid 2 x 1, block 1 warp, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_stale(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    uint32_t *flag = &aux[0];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        c[l] = (uint8_t)beyond_f(in[l], l); // scor:race lanes
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else if (l == 0) {
        beyond_wait_flag(flag);
        out[0] = c[0]; // scor:race lanes
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    byte_gl_lanes_stale<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_stale", &b);
}
