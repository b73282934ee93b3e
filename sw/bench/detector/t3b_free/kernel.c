/* t3b_free: Table III (b): each warp writes, reads and rewrites its own word
 * (program order), the other warp never touches it. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        d[V(0)] = 1u;
        o[V(0)] = d[V(0)];
        d[V(0)] = 3u;
        break;
    case 1:
        d[V(1)] = 2u;
        o[V(1)] = d[V(1)];
        d[V(1)] = 4u;
        break;
    default:
        break;
    }
}
