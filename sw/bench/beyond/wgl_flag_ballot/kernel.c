/* wgl_flag_ballot: which lanes see an input above the threshold, gathered
 * with a ballot; one lane writes the answer to global memory. Race-free:
 * out[warp of the grid] = the ballot mask. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t x = a->in[gw * ws + l];
    unsigned m = __ballot_sync(SCORD_FULL_MASK, x > BEYOND_THRESHOLD);
    if (l == 0)
        a->aux[gw] = m;
    __syncwarp();
    if (l == ws - 1)
        a->out[gw] = a->aux[gw];
}
