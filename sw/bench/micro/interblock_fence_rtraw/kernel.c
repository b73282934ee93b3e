/* interblock_fence_rtraw: Device fence and flag between producer (block 0) and consumer
 * (block 1), weak data, and no fence on the consumer's side after the flag: the
 * consumer's weak load may hit a stale L1 line (Table IV c; detected as a
 * missing acquire fence). With the consumer's __threadfence() the hand-off
 * is correct on this GPU (the fence drops the consumer's L1): that form is
 * the beyond group's acq_mp_fence. */
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
        o[V(1)] = d[V(0)]; // scor:race weak
        break;
    default:
        break;
    }
}
