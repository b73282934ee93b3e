/* bloom_collision: Two different device locks whose Bloom bits collide (words 0 and 9):
 * the writes are not mutually excluded, yet look protected by a common
 * lock (a flag
 * orders them, as in t4f_racy which the detector does report): the
 * documented false negative (docs/detector.md §9). */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[0]);
        d[V(0)] = 42u; // scor:race bloom
        dev_unlock(&l[0]);
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        dev_lock(&l[9]);
        d[V(0)] = 43u; // scor:race bloom
        dev_unlock(&l[9]);
        break;
    default:
        break;
    }
}
