/* acq_mp_fence: the textbook message passing (the CUDA programming
 * guide's __threadfence() pattern). Block 0's warp writes a value per lane
 * with plain stores, fences at device scope and raises a flag with a
 * device atomic; block 1's warp polls the flag with device atomics, fences
 * at device scope (the acquire: it drops the consumer's L1) and reads the
 * values with plain loads. Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        data[l] = beyond_f(a->in[l], l);
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        beyond_wait_flag(flag);
        __threadfence();
        a->out[l] = data[l];
    }
}
