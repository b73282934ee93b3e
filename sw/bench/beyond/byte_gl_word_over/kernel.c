/* byte_gl_word_over: warp 0 writes a short array h[l] in global memory
 * while half of warp 1 writes the 32-bit words that hold those shorts (one
 * lane per word), with no fence or barrier between the warps: the halves
 * overlap the words. Racy (BLOCK_FENCE). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), w = beyond_warp(), ws = (unsigned)warpSize;
    uint16_t *h = (uint16_t *)a->out;
    if (w == 0)
        h[l] = (uint16_t)beyond_f(a->in[l], l);   // scor:race words
    else if (w == 1 && l < ws / 2)
        a->out[l] = beyond_f(a->in[l], l);        // scor:race words
}
