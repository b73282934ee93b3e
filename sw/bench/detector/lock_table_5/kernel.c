/* lock_table_5: Five locks: the fifth acquire overwrites the first lock's entry, so
 * block 1's write under the first lock shares none: the documented false
 * positive of a wrapped lock table (docs/detector.md §9). */
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
        dev_lock(&l[24]);
        d[V(0)] = 42u; // scor:race wrap
        dev_unlock(&l[24]);
        dev_unlock(&l[16]);
        dev_unlock(&l[8]);
        dev_unlock(&l[4]);
        dev_unlock(&l[0]);
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        dev_lock(&l[0]);
        d[V(0)] = 43u; // scor:race wrap
        dev_unlock(&l[0]);
        break;
    default:
        break;
    }
}
