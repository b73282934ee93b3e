// beyond/byte_sh_word_read as a CUDA program: the twin of
// sw/bench/beyond/byte_sh_word_read/kernel.c (racy: SHARED), the same
// accesses in the same order.
// Warp 0 writes one char per lane in shared memory while warp 1 reads the
// 32-bit words that hold them, without a barrier: the word read overlaps the
// bytes written.
// Launch (beyond.def): grid 1 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_sh_word_read(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    __shared__ uint32_t words[64];
    (void)aux, (void)n;
    unsigned l = beyond_lane(), w = beyond_warp();
    uint8_t *bytes = (uint8_t *)words;
    if (w == 0)
        bytes[l] = (uint8_t)beyond_f(in[l], l);  // scor:race peek
    else if (w == 1)
        out[l] = words[l / 4];                   // scor:race peek
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    byte_sh_word_read<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_sh_word_read", &b);
}
