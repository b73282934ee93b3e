/* t4e_racy: Table IV (e): block 0 writes under lock A, block 1 then reads under
 * lock B (different Bloom bits): no common lock. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[V(0)]);
        d[V(0)] = 42u; // scor:race lockset
        dev_unlock(&l[V(0)]);
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        dev_lock(&l[V(1)]);
        o[V(1)] = d[V(0)]; // scor:race lockset
        dev_unlock(&l[V(1)]);
        break;
    default:
        break;
    }
}
