// beyond/byte_gl_lanes_read as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_lanes_read/kernel.c (racy: DEV_FENCE), the same
// accesses in the same order.
// The lanes of block 0's warp store a char array c[l] in one instruction
// (each 4-byte word holds four lanes' bytes); a while later, with no
// synchronization, block 1 reads c[0], the byte lane 0 wrote. The entry of
// that word was last written by lane 3 (its byte 3): only because the entry
// keeps the bytes of every lane of the store (docs/detector.md §5.3) is the
// pair found.
// Launch (beyond.def): grid 2 x 1, block 1 warp, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_lanes_read(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint8_t *c = (uint8_t *)&aux[64];
    unsigned l = beyond_lane();
    if (beyond_block() == 0) {
        c[l] = (uint8_t)beyond_f(in[l], l); // scor:race lanes
    } else if (l == 0) {
        beyond_delay(2000);
        out[0] = c[0]; // scor:race lanes
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    byte_gl_lanes_read<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_lanes_read", &b);
}
