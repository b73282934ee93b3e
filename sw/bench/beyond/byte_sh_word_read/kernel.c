/* byte_sh_word_read: warp 0 writes one char per lane in shared memory
 * while warp 1 reads the 32-bit words that hold them, without a barrier:
 * the word read overlaps the bytes written. Racy (SHARED). */
#include "../beyond.h"

__shared__ uint32_t words[64];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), w = beyond_warp();
    uint8_t *bytes = (uint8_t *)words;
    if (w == 0)
        bytes[l] = (uint8_t)beyond_f(a->in[l], l);  // scor:race peek
    else if (w == 1)
        a->out[l] = words[l / 4];                   // scor:race peek
}
