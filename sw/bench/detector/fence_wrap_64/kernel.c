/* fence_wrap_64: 64 device fences: the 6-bit fence counter wraps to the value stored
 * with the access, so the fenced hand-off looks unfenced: the documented
 * false positive (docs/detector.md §9). */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        st_strong_u32(&d[V(0)], 42u); // scor:race wrap
        for (unsigned i = 0; i < 64u; i++)
            __threadfence();
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        __threadfence();
        o[V(1)] = ld_strong_u32(&d[V(0)]); // scor:race wrap
        break;
    default:
        break;
    }
}
