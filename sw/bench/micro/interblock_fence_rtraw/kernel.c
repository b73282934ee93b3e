/* interblock_fence_rtraw: Device fence and flag between producer (block 0) and consumer
 * (block 1), but the data accesses are weak: the consumer's load may hit a
 * stale L1 line (Table IV c). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        d[V(0)] = 42u; // scor:race weak
        __threadfence();
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        __threadfence();
        o[V(1)] = d[V(0)]; // scor:race weak
        break;
    default:
        break;
    }
}
