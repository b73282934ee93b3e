// beyond/sh_matmul as a CUDA program: the twin of
// sw/bench/beyond/sh_matmul/kernel.c (race-free), the same accesses in the
// same order. C = A B (8 x 8) in 4 x 4 tiles staged in shared memory, a
// barrier after loading a tile and another before the next tile overwrites
// it. out = C (A = in[0..63], B = in[64..127], row major).
// Launch (beyond.def): grid 2 x 2, block 4 x 4 threads, n = 8.
#include "beyond.cuh"

#define N 8u
#define T 4u

__global__ void sh_matmul(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
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
        as[ty][tx] = am[row * N + p * T + tx];
        bs[ty][tx] = bm[(p * T + ty) * N + col];
        __syncthreads();
        for (unsigned k = 0; k < T; k++)
            acc += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    out[row * N + col] = acc;
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 2, 4, 4, &grid, &block))
        return 2;
    sh_matmul<<<grid, block>>>(b.in, b.out, b.aux, 8);
    return beyond_finish("sh_matmul", &b);
}
