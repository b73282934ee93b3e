/* acq_mp_chain: the message passing through a third block. Block 0 writes
 * (plain stores), fences, raises flag 0; block 1 polls it, fences, raises
 * flag 1; block 2 polls flag 1, fences (its acquire) and reads with plain
 * loads: each link a device fence and a device atomic flag.
 * Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    switch (__block_linear()) {
    case 0:
        data[l] = beyond_f(a->in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(&flag[0], 1u);
        break;
    case 1:
        beyond_wait_flag(&flag[0]);
        __threadfence();
        if (l == 0)
            atomicExch(&flag[8], 1u);
        break;
    default:
        beyond_wait_flag(&flag[8]);
        __threadfence();
        a->out[l] = data[l];
        break;
    }
}
