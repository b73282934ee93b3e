/* sh_matmul_nobar2: the tiled product of sh_matmul without its second
 * barrier: a warp that finished with a tile loads the next one over it
 * while the other warp still reads the old one (a write after read between
 * warps: SHARED; within a warp on the row it reads itself: SHARED_WARP). */
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
        as[ty][tx] = am[row * N + p * T + tx];     // scor:race tile
        bs[ty][tx] = bm[(p * T + ty) * N + col];   // scor:race tile
        __syncthreads();
        for (unsigned k = 0; k < T; k++)
            acc += as[ty][k] * bs[k][tx];          // scor:race tile
    }
    a->out[row * N + col] = acc;
}
