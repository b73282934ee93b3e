// beyond/byte_gl_lanes_write as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_write/kernel.c (racy: DEV_FENCE), the same
// accesses in the same order.
// The lanes of block 0's warp store a char array c[l] in one instruction;
// a while later, with no synchronization, block 1 overwrites c[0], the byte
// lane 0 wrote (the entry of its word names lane 3 and its byte 3: the
// store's other bytes must stay in it).
// Launch (beyond.def): grid 2 x 1, block 1 warp, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_write(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)out, (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        c[l] = (uint8_t)beyond_f(in[l], l); // scor:race lanes
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
    byte_gl_lanes_write<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_write", &b);
}
