/* lock_table_4: Block 0 holds four device locks (the lock table's size) and writes;
 * block 1 then writes under the first of them: still common. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[0]);
        dev_lock(&l[4]);
        dev_lock(&l[8]);
        dev_lock(&l[16]);
        d[V(0)] = 42u;
        dev_unlock(&l[16]);
        dev_unlock(&l[8]);
        dev_unlock(&l[4]);
        dev_unlock(&l[0]);
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        dev_lock(&l[0]);
        d[V(0)] = 43u;
        dev_unlock(&l[0]);
        break;
    default:
        break;
    }
}
