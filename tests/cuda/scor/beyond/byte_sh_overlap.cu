// beyond/byte_sh_overlap as a CUDA program: the twin of
// sw/bench/beyond/byte_sh_overlap/kernel.c (racy: SHARED), the same accesses
// in the same order.
// A char array in shared memory indexed by t modulo half the block: threads
// t and t + n/2, in different warps, write the same byte without a
// barrier.
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

__global__ void byte_sh_overlap(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    __shared__ uint8_t bytes[256];
    (void)aux, (void)n;
    unsigned t = beyond_tid(), nt = beyond_threads();
    uint8_t *c = (uint8_t *)out;
    bytes[t % (nt / 2)] = (uint8_t)beyond_f(in[t], t); // scor:race same
    __syncthreads();
    if (t < nt / 2)
        c[t] = bytes[t];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_sh_overlap<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_sh_overlap", &b);
}
