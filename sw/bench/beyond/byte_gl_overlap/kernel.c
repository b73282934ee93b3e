/* byte_gl_overlap: a char array in global memory indexed by t / 2: lanes
 * 2k and 2k+1 of one warp store the same byte in one instruction. Byte
 * precision does not hide it: the bytes overlap. Racy (INTRA_WARP). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid();
    uint8_t *c = (uint8_t *)a->out;
    c[t / 2] = (uint8_t)beyond_f(a->in[t], t); // scor:race half
}
