/* acq_mp_volatile: the message passing with strong (volatile) data
 * accesses on both sides and no fence after the consumer's poll: a strong
 * load bypasses the L1, so it needs no acquire fence to see the data.
 * Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        st_strong_u32(&data[l], beyond_f(a->in[l], l));
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        a->out[l] = ld_strong_u32(&data[l]);
    }
}
