// beyond/sh_matmul_nobar2 as a CUDA program: the twin of
// sw/bench/beyond/sh_matmul_nobar2/kernel.c (racy), the same accesses in
// the same order. The tiled product of sh_matmul without its second
// barrier: a warp that finished with a tile loads the next one over it
// while the other warp still reads the old one (a write after read between
// warps: SHARED; within a warp on the row it reads itself: SHARED_WARP).
// Launch (beyond.def): grid 2 x 2, block 4 x 4 threads, n = 8.
#include "beyond.cuh"

#define N 8u
#define T 4u

__global__ void sh_matmul_nobar2(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t as[T][T];
    __shared__ uint32_t bs[T][T];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    const uint32_t *am = in, *bm = in + N * N;
    uint32_t acc = 0;
    for (unsigned p = 0; p < N / T; p++) {
        as[ty][tx] = am[row * N + p * T + tx];     // scor:race tile
        bs[ty][tx] = bm[(p * T + ty) * N + col];   // scor:race tile
        __syncthreads();
        for (unsigned k = 0; k < T; k++)
            acc += as[ty][k] * bs[k][tx];          // scor:race tile
    }
    out[row * N + col] = acc;
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 2, 4, 4, &grid, &block))
        return 2;
    sh_matmul_nobar2<<<grid, block>>>(b.in, b.out, b.aux, 8);
    return beyond_finish("sh_matmul_nobar2", &b);
}
