/* matmul_tiled: C (m x n) = A (m x k) * B (k x n), row-major int32,
 * wrapping, through shared memory. Launch 2-D with blockDim.x = 8 and
 * blockDim.y = 1, 2 or 4: a block computes a tile of MATMUL_TILE_ROWS(by)
 * = 4 * blockDim.y rows by MATMUL_TILE_COLS = 16 columns of C, thread
 * (x, y) the four rows y + i * blockDim.y and the two columns x and x + 8.
 * m must be a multiple of the tile's rows, n of 16 and k of 8; the grid is
 * (n / 16) x (m / tile rows). */
#ifndef MATMUL_TILED_ARGS_H
#define MATMUL_TILED_ARGS_H
#include "scord_kargs.h"

#define MATMUL_TILE_COLS 16
#define MATMUL_TILE_K 8
#define MATMUL_TILE_ROWS(by) (4 * (by))

struct matmul_tiled_args {
    SCORD_PTR(const int32_t) a;
    SCORD_PTR(const int32_t) b;
    SCORD_PTR(int32_t) c;
    uint32_t m, n, k;
};
SCORD_KARGS_SIZE(struct matmul_tiled_args, 24);
#endif
