/* lk_poll_chain: a chain of three blocks, each link a device fence and a
 * flag polled with atomicCAS(flag, 0, 0): block 0 writes the values with
 * strong stores, fences, raises flag 0; block 1 waits for it, fences,
 * raises flag 1; block 2 waits for flag 1, fences and reads the values
 * with strong loads. No poll takes a lock (docs/detector.md §4.2), and
 * the first writer's fence orders its stores before the last reader's
 * loads (synchronization is transitive). Race free. out[l] = f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *flag = &a->aux[0], *val = &a->aux[16];
    unsigned l = beyond_lane();
    switch (__block_linear()) {
    case 0:
        st_strong_u32(&val[l], beyond_f(a->in[l], l));
        __threadfence();
        if (l == 0)
            atomicExch(&flag[0], 1u);
        break;
    case 1:
        while (atomicCAS(&flag[0], 0u, 0u) == 0u)
            ;
        __threadfence();
        if (l == 0)
            atomicExch(&flag[8], 1u);
        break;
    default:
        while (atomicCAS(&flag[8], 0u, 0u) == 0u)
            ;
        __threadfence();
        a->out[l] = ld_strong_u32(&val[l]);
        break;
    }
}
