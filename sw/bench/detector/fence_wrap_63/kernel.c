/* fence_wrap_63: 63 device fences between the producer's store and its flag: the 6-bit
 * fence counter has moved, the hand-off is seen as fenced. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        st_strong_u32(&d[V(0)], 42u);
        for (unsigned i = 0; i < 63u; i++)
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
