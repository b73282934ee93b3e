/* t4c_free: Table IV (c) excused by a common lock (D9): weak accesses under one
 * device lock, taken in turn (a flag fixes the order). */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[V(0)]);
        d[V(0)] = 42u;
        dev_unlock(&l[V(0)]);
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        dev_lock(&l[V(0)]);
        o[V(1)] = d[V(0)];
        dev_unlock(&l[V(0)]);
        break;
    default:
        break;
    }
}
