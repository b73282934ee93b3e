/* sev_gl_flag_then_id: every lane of a warp sets the warp's flag word to 1
 * (one value: a warning), then, with no __syncwarp(), every lane writes
 * its lane number over it: the second store races with the first's lanes
 * and with its own. Racy (INTRA_WARP at severity error, on the second
 * line). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), gw = beyond_gwarp();
    volatile uint32_t *flag = &a->aux[gw];
    *flag = 1u;      // scor:race over
    *flag = l + 2u;  // scor:race over
}
