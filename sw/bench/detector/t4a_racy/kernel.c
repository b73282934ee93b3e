/* t4a_racy: Table IV (a): a flag hand-off between two warps with no fence before
 * the flag. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        st_strong_u32(&d[V(0)], 42u); // scor:race nofence
        flag_set_block(&f[V(0)]);
        break;
    case 1:
        flag_wait_block(&f[V(0)]);
        __threadfence_block();
        o[V(1)] = ld_strong_u32(&d[V(0)]); // scor:race nofence
        break;
    default:
        break;
    }
}
