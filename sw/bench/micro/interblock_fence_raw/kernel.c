/* interblock_fence_raw: Producer (block 0): strong store, device fence, flag. Consumer
 * (block 1): flag, device fence, strong load. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        st_strong_u32(&d[V(0)], 42u);
        __threadfence();
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        __threadfence();
        o[V(1)] = ld_strong_u32(&d[V(0)]);
        break;
    default:
        break;
    }
}
