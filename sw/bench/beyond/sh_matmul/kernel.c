/* sh_matmul: C = A B (8 x 8) in 4 x 4 tiles staged in shared memory, a
 * barrier after loading a tile and another before the next tile overwrites
 * it. Race-free: out = C (A = in[0..63], B = in[64..127], row major). */
#include "../beyond.h"

#define N 8u
#define T 4u

__shared__ uint32_t as[T][T];
__shared__ uint32_t bs[T][T];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    const uint32_t *am = a->in, *bm = a->in + N * N;
    uint32_t acc = 0;
    for (unsigned p = 0; p < N / T; p++) {
        as[ty][tx] = am[row * N + p * T + tx];
        bs[ty][tx] = bm[(p * T + ty) * N + col];
        __syncthreads();
        for (unsigned k = 0; k < T; k++)
            acc += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    a->out[row * N + col] = acc;
}
