// beyond/acq_gather_nofence as a CUDA program: the twin of
// sw/bench/beyond/acq_gather_nofence/kernel.c (racy: STALE_READ), the same
// accesses in the same order. Blocks 1 .. nb-1 each write a partial value
// (plain store), fence at device scope and count themselves with
// atomicAdd; block 0 polls the count with device atomics until all are
// in, then adds up the partials with plain loads, with no fence after its
// poll: nothing acquires the other blocks' writes.
// Launch (beyond.def): grid 4 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_gather_nofence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    uint32_t *part = &aux[64], *count = &aux[0];
    unsigned b = beyond_block(), nb = gridDim.x;
    if (beyond_tid() != 0)
        return;
    if (b != 0) {
        part[b] = in[b]; // scor:race gather
        __threadfence();
        atomicAdd(count, 1u);
    } else {
        while (atomicAdd(count, 0u) != nb - 1)
            ;
        uint32_t s = 0;
        for (unsigned k = 1; k < nb; k++)
            s += part[k]; // scor:race gather
        out[0] = s;
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 4, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_gather_nofence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_gather_nofence", &b);
}
