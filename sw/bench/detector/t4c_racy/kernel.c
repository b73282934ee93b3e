/* t4c_racy: Table IV (c): fenced hand-off between blocks, but the producer's
 * store is weak and the consumer makes no fence after the flag: its strong
 * load is only half of a strong pair (with the consumer's fence the
 * hand-off would be ordered, docs/detector.md §6.3 C7). */
#include "../../micro/micro_sync.h"

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
        o[V(1)] = ld_strong_u32(&d[V(0)]); // scor:race weak
        break;
    default:
        break;
    }
}
