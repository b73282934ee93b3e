/* lk_poll_cas_nofence: lk_poll_cas without the producer's fence between
 * its stores and the flag: the consumer's polls (atomicCAS(flag, 0, 0))
 * take no lock, and its fenced load of a value is not ordered after the
 * store (device-fence race). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *flag = &a->aux[0], *val = &a->aux[16];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        st_strong_u32(&val[l], beyond_f(a->in[l], l)); // scor:race nofence
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        while (atomicCAS(flag, 0u, 0u) == 0u)
            ;
        __threadfence();
        a->out[l] = ld_strong_u32(&val[l]); // scor:race nofence
    }
}
