/* lk_poll_cas: block 0 writes its lanes' values with strong stores, fences
 * and raises a flag with an exchange of 1; block 1 polls the flag with
 * atomicCAS(flag, 0, 0), fences and reads the values with strong loads. The
 * poll changes nothing, so it takes no lock (docs/detector.md §4.2): the
 * consumer's loads share no lock with the producer's stores and need none,
 * the producer's fence and the flag order them. Race free.
 * out[l] = f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *flag = &a->aux[0], *val = &a->aux[16];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        st_strong_u32(&val[l], beyond_f(a->in[l], l));
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        while (atomicCAS(flag, 0u, 0u) == 0u)
            ;
        __threadfence();
        a->out[l] = ld_strong_u32(&val[l]);
    }
}
