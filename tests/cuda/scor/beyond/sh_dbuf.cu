// beyond/sh_dbuf as a CUDA program: the twin of
// sw/bench/beyond/sh_dbuf/kernel.c (race-free), the same accesses in the
// same order. A 3-point stencil iterated BEYOND_STEPS times over the
// block's elements with double buffering: each step reads one buffer,
// writes the other, then one barrier; the next step writes the buffer this
// one read, which the barrier already ordered. out = the stencil's result
// (zero outside the block).
// Launch (beyond.def): grid 1 x 1, block 4 warps.
#include "beyond.cuh"

__global__ void sh_dbuf(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t buf[2][256];
    unsigned t = beyond_tid(), nt = beyond_threads();
    buf[0][t] = in[t];
    __syncthreads();
    unsigned cur = 0;
    for (unsigned s = 0; s < BEYOND_STEPS; s++) {
        uint32_t left = t > 0 ? buf[cur][t - 1] : 0;
        uint32_t right = t + 1 < nt ? buf[cur][t + 1] : 0;
        buf[cur ^ 1][t] = left + buf[cur][t] + right;
        cur ^= 1;
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
    sh_dbuf<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sh_dbuf", &b);
}
