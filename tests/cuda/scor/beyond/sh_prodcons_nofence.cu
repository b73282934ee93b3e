// beyond/sh_prodcons_nofence as a CUDA program: the twin of
// sw/bench/beyond/sh_prodcons_nofence/kernel.c (racy), the same accesses
// in the same order. The hand-off of sh_prodcons_flag without the
// producer's fence before the flag: the consumer's reads are not ordered
// after the producer's writes. Racy (SHARED).
// Launch (beyond.def): grid 1 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void sh_prodcons_nofence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t data[32];
    __shared__ uint32_t flag;
    unsigned l = beyond_lane(), w = beyond_warp();
    if (beyond_tid() == 0)
        flag = 0;
    __syncthreads();
    if (w == 0) {
        data[l] = beyond_f(in[l], l); // scor:race handoff
        if (l == 0)
            atomicExch_block(&flag, 1u);
    } else if (w == 1) {
        while (atomicAdd_block(&flag, 0u) == 0u)
            ;
        out[l] = data[l]; // scor:race handoff
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sh_prodcons_nofence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_prodcons_nofence", &b);
}
