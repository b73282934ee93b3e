/* two_locks_free: Block 0 holds locks A and B, block 1 then holds B only: B is common. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[V(0)]);
        dev_lock(&l[V(2)]);
        d[V(0)] = 42u;
        dev_unlock(&l[V(2)]);
        dev_unlock(&l[V(0)]);
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        dev_lock(&l[V(2)]);
        d[V(0)] = 43u;
        dev_unlock(&l[V(2)]);
        break;
    default:
        break;
    }
}
