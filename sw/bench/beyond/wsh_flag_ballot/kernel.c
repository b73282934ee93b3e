/* wsh_flag_ballot: which lanes of a warp see an input above the threshold:
 * a ballot gathers the answer, one lane writes it to the warp's word of
 * shared memory, another lane reads it after __syncwarp(). Race-free:
 * out[warp of the grid] = the ballot mask. */
#include "../beyond.h"

__shared__ uint32_t flag[32];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), w = beyond_warp();
    uint32_t x = a->in[gw * ws + l];
    unsigned m = __ballot_sync(SCORD_FULL_MASK, x > BEYOND_THRESHOLD);
    if (l == 0)
        flag[w] = m;
    __syncwarp();
    if (l == ws - 1)
        a->out[gw] = flag[w];
}
