/* sev_gl_parity: the lanes of a warp store 1 (even lanes) or 2 (odd lanes)
 * to one global word in one instruction: lanes of one parity agree, but
 * neighbouring lanes do not, so the race is an error (the record of the
 * instruction is an error once any of its occurrences is). Racy
 * (INTRA_WARP at severity error). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), gw = beyond_gwarp();
    a->aux[gw] = 1u + (l & 1u); // scor:race parity
}
