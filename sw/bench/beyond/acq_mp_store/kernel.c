/* acq_mp_store: the hand-off orders a write too. Block 0 writes a
 * placeholder per lane (plain stores), fences, raises a flag; block 1
 * polls, fences, overwrites each word with plain stores and reads its own
 * value back. The fences on both sides and the flag order the two writes
 * (the consumer's store cannot be overtaken by the producer's).
 * Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        data[l] = 0xdead0000u + l;
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        data[l] = beyond_f(a->in[l], l);
        a->out[l] = data[l];
    }
}
