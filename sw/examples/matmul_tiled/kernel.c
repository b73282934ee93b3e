#include <scord_gpu.h>

#include "args.h"

/* C = A * B through shared memory. For each step of KT along k, the
 * block copies an R x KT tile of A and a KT x 16 tile of B into shared
 * memory (R = 4 * blockDim.y), synchronises, and each thread then
 * accumulates its 4 x 2 outputs from there: per kk two words of B and four
 * of A serve eight products, kept in registers. A warp's lanes share their
 * rows: each A word they read is one word (a broadcast), the B words are
 * consecutive, one per bank, so no shared access has a bank conflict.
 *
 * The body is instantiated for each block height (1, 2, 4 warps' worth of
 * rows), so every stride in it is a constant: with a run-time stride GCC
 * needs more registers than RV32 has and spills in the inner loop. */
#define KT MATMUL_TILE_K
#define NC MATMUL_TILE_COLS

__shared__ int32_t as[4 * 4][KT]; /* 4 * blockDim.y rows */
__shared__ int32_t bs[KT][NC];

static inline __attribute__((always_inline)) void tile_product(
    const struct matmul_tiled_args *args, const unsigned by)
{
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned n = args->n, k = args->k;
    unsigned col = blockIdx.x * NC + tx, row = blockIdx.y * 4 * by + ty;
    /* this thread's words of the tiles: A rows ty + i * by, B rows ty,
     * ty + by, ..., columns tx and tx + 8 */
    const int32_t *a = args->a + row * k + tx, *b = args->b + ty * n + col;
    int32_t *asw = &as[ty][tx], *bsw = &bs[ty][tx];
    const int32_t *ap = as[ty], *bp = &bs[0][tx];
    const unsigned rs = by * KT; /* A tile stride between this thread's rows */
    int32_t c00 = 0, c01 = 0, c10 = 0, c11 = 0, c20 = 0, c21 = 0, c30 = 0, c31 = 0;
    for (unsigned k0 = 0; k0 < k; k0 += KT, a += KT, b += KT * n) {
        asw[0] = a[0];
        asw[rs] = a[by * k];
        asw[2 * rs] = a[2 * by * k];
        asw[3 * rs] = a[3 * by * k];
        for (unsigned r = 0; r < KT; r += by) {
            bsw[r * NC] = b[r * n];
            bsw[r * NC + 8] = b[r * n + 8];
        }
        __syncthreads();
        for (unsigned kk = 0; kk < KT; kk++) {
            int32_t b0 = bp[kk * NC], b1 = bp[kk * NC + 8];
            int32_t a0 = ap[kk], a1 = ap[kk + rs], a2 = ap[kk + 2 * rs], a3 = ap[kk + 3 * rs];
            c00 += a0 * b0; c01 += a0 * b1;
            c10 += a1 * b0; c11 += a1 * b1;
            c20 += a2 * b0; c21 += a2 * b1;
            c30 += a3 * b0; c31 += a3 * b1;
        }
        __syncthreads();
    }
    int32_t *c = args->c + row * n + col;
    const unsigned cs = by * n;
    c[0] = c00;      c[8] = c01;
    c[cs] = c10;     c[cs + 8] = c11;
    c[2 * cs] = c20; c[2 * cs + 8] = c21;
    c[3 * cs] = c30; c[3 * cs + 8] = c31;
}

__global__ void kernel_main(const struct matmul_tiled_args *args)
{
    switch (blockDim.y) {
    case 4: tile_product(args, 4); break;
    case 2: tile_product(args, 2); break;
    default: tile_product(args, 1); break;
    }
}
