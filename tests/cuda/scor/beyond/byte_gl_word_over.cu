// beyond/byte_gl_word_over as a CUDA program: the twin of
// sw/bench/beyond/byte_gl_word_over/kernel.c (racy: BLOCK_FENCE), the same
// accesses in the same order.
// Warp 0 writes a short array h[l] in global memory while half of warp 1
// writes the 32-bit words that hold those shorts (one lane per word), with
// no fence or barrier between the warps: the halves overlap the words.
// Launch (beyond.def): grid 1 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_gl_word_over(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux, (void)n;
    unsigned l = beyond_lane(), w = beyond_warp(), ws = (unsigned)warpSize;
    uint16_t *h = (uint16_t *)out;
    if (w == 0)
        h[l] = (uint16_t)beyond_f(in[l], l);   // scor:race words
    else if (w == 1 && l < ws / 2)
        out[l] = beyond_f(in[l], l);           // scor:race words
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    byte_gl_word_over<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_gl_word_over", &b);
}
