// beyond/sh_dbuf_wrong as a CUDA program: the twin of
// sw/bench/beyond/sh_dbuf_wrong/kernel.c (racy), the same accesses in the
// same order. sh_dbuf with the buffer index wrong: each step writes the
// buffer it reads (in place), so a thread's write races with its
// neighbours' reads of the same element in the same step; at a warp's edge
// the neighbour is in another warp (SHARED), inside it another lane
// (SHARED_WARP).
// Launch (beyond.def): grid 1 x 1, block 4 warps.
#include "beyond.cuh"

__global__ void sh_dbuf_wrong(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t buf[2][256];
    unsigned t = beyond_tid(), nt = beyond_threads();
    buf[0][t] = in[t];
    __syncthreads();
    unsigned cur = 0;
    for (unsigned s = 0; s < BEYOND_STEPS; s++) {
        uint32_t left = t > 0 ? buf[cur][t - 1] : 0;          // scor:race inplace
        uint32_t right = t + 1 < nt ? buf[cur][t + 1] : 0;    // scor:race inplace
        buf[cur][t] = left + buf[cur][t] + right;             // scor:race inplace
        __syncthreads();
    }
    out[t] = buf[cur][t];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    sh_dbuf_wrong<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_dbuf_wrong", &b);
}
