// beyond/byte_gl_lanes_load as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_load/kernel.c (racy: DEV_FENCE), the same
// accesses in the same order.
// The lanes of block 0's warp read a char array c[l] in one instruction; a
// while later, with no synchronization, block 1 stores c[0], which lane 0
// read: a write after a read that the entry (last read by lane 3, byte 3)
// holds only with every lane's bytes.
// Launch (beyond.def): grid 2 x 1, block 1 warp, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_load(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)in, (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        out[l] = c[l] + 1u; // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        c[0] = 0xa5u; // scor:race lanes
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    byte_gl_lanes_load<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_load", &b);
}
