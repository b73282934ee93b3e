/* acq_mp_strong_data: the producer's stores are strong, the consumer's
 * loads weak, no consumer fence: a strong store reaches the L2, but the
 * weak load may still be served by a stale line of the consumer's L1.
 * Racy: STALE_READ at the consumer's load. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        st_strong_u32(&data[l], beyond_f(a->in[l], l)); // scor:race acquire
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        a->out[l] = data[l]; // scor:race acquire
    }
}
