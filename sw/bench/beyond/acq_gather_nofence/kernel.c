/* acq_gather_nofence: blocks 1 .. nb-1 each write a partial value (plain
 * store), fence at device scope and count themselves with atomicAdd;
 * block 0 polls the count with device atomics until all are in, then adds
 * up the partials with plain loads, with no fence after its poll: nothing
 * acquires the other blocks' writes. Racy: STALE_READ at the loads. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *part = &a->aux[64], *count = &a->aux[0];
    unsigned b = __block_linear(), nb = gridDim.x;
    if (beyond_tid() != 0)
        return;
    if (b != 0) {
        part[b] = a->in[b]; // scor:race gather
        __threadfence();
        atomicAdd(count, 1u);
    } else {
        while (atomicAdd(count, 0u) != nb - 1)
            ;
        uint32_t s = 0;
        for (unsigned k = 1; k < nb; k++)
            s += part[k]; // scor:race gather
        a->out[0] = s;
    }
}
