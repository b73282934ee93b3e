/* t3c_racy: Table III (c) does not apply across blocks: block 0 writes, each block
 * passes its own barrier, block 1 reads; nothing orders the two blocks. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    int me = micro_actor(a);
    if (me == 0)
        d[V(0)] = 42u; // scor:race bar
    __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)]; // scor:race bar
}
