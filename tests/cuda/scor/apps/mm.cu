// ScoR application mm as a CUDA program: the twin of sw/bench/apps/mm
// (kernel.c and host.c): matrix multiply C = A x B with scoped locks
// (ScoRD Fig. 5's lock/unlock pattern).
//
// C is cut into MM_TILE x MM_TILE tiles and the k dimension into chunks of
// `kchunk`; block (x, y) computes tile x's product over chunk y (split-k),
// so several blocks add into every tile of C. Inside a block each warp
// takes an equal slice of the chunk and keeps its partial tile in
// registers (lane l holds elements l, l + warpSize, ...). The warps then
// add their partial tiles into the block's tile `part` under a block-scope
// lock (atomicCAS_block + __threadfence_block ... __threadfence_block +
// atomicExch_block) and count themselves in `count`; the warp that counts
// last holds the block's whole sum and adds it into C under the tile's
// device-scope lock (atomicCAS + __threadfence ... __threadfence +
// atomicExch). Locks are taken by lane 0 for its warp.
//
// RACEY (-DRACEY=1): the block lock without its two block fences (races
// `part` and `count`), and the tile's lock taken with a block-scope CAS
// (races `lock`: block-scope atomics on a lock word other blocks use; and
// `c`: the accesses to C under that lock, which orders nothing across
// blocks). A block-scope CAS is not atomic across cores, so the RACEY spin
// gives up after MM_RACEY_SPINS tries (its output is not checked).
//
// Launch as scord-scor's: 16 x 16 matrices, k = 4 chunks of 8 per warp,
// grid (tiles, chunks), blocks of one core's every thread.
#include "apps.cuh"

#define MM_TILE 8u
#define MM_RACEY_SPINS 256u
// Tile elements per lane, for warps of at least 4 lanes.
#define MM_MAX_PER_LANE (MM_TILE * MM_TILE / 4)

// a: m x k, b: k x n, c: m x n (row major, c zeroed); part: per block a
// tile, zeroed; locks: per block, then per tile, `stride` words each;
// count: per block, `stride` words each; kchunk: k = kchunk * gridDim.y.
__global__ void matmul(const int32_t *a, const int32_t *b, int32_t *c, int32_t *part,
                       uint32_t *locks, uint32_t *count, uint32_t m, uint32_t n, uint32_t k,
                       uint32_t kchunk, uint32_t stride)
{
    unsigned lane = threadIdx.x % warpSize, ws = warpSize, warp = threadIdx.x / warpSize;
    unsigned nwarps = blockDim.x / ws, per_lane = MM_TILE * MM_TILE / ws;
    unsigned tile = blockIdx.x, chunk = blockIdx.y, blk = blockIdx.x + blockIdx.y * gridDim.x;
    unsigned tiles_n = n / MM_TILE;
    unsigned row0 = tile / tiles_n * MM_TILE, col0 = tile % tiles_n * MM_TILE;
    unsigned kw = kchunk / nwarps, k0 = chunk * kchunk + warp * kw;
    (void)m;

    int32_t acc[MM_MAX_PER_LANE];
    for (unsigned j = 0; j < per_lane; j++)
        acc[j] = 0;
    for (unsigned kk = k0; kk < k0 + kw; kk++)
        for (unsigned j = 0; j < per_lane; j++) {
            unsigned e = lane + j * ws, r = row0 + e / MM_TILE, col = col0 + e % MM_TILE;
            acc[j] += a[r * k + kk] * b[kk * n + col];
        }

    // Add this warp's share into the block's tile under the block lock.
    uint32_t *blk_lock = &locks[blk * stride];
    int32_t *bpart = part + blk * MM_TILE * MM_TILE;
    if (lane == 0)
        while (atomicCAS_block(blk_lock, 0u, 1u) != 0u)
            ;
#if !RACEY
    __threadfence_block();
#endif
    for (unsigned j = 0; j < per_lane; j++) {
        unsigned e = lane + j * ws;
        acc[j] = bpart[e] += acc[j]; // scor:race part
    }
    // One lane counts the warp in and tells the others.
    uint32_t counted = 0;
    if (lane == 0) {
        counted = count[blk * stride] + 1; // scor:race count
        count[blk * stride] = counted;     // scor:race count
    }
    counted = __shfl_sync(0xffffffffu, counted, 0);
#if !RACEY
    __threadfence_block();
#endif
    if (lane == 0)
        atomicExch_block(blk_lock, 0u);
    if (counted != nwarps)
        return;

    // The last warp holds the block's sum: add it into C under the tile's lock.
    unsigned nblocks = gridDim.x * gridDim.y;
    uint32_t *tile_lock = &locks[(nblocks + tile) * stride];
#if RACEY
    if (lane == 0)
        for (unsigned s = 0; s < MM_RACEY_SPINS; s++) {
            if (atomicCAS_block(tile_lock, 0u, 1u) == 0u) // scor:race lock
                break;
            __threadfence(); // drops the stale L1 line
        }
#else
    if (lane == 0)
        while (atomicCAS(tile_lock, 0u, 1u) != 0u)
            ;
#endif
    __threadfence();
    for (unsigned j = 0; j < per_lane; j++) {
        unsigned e = lane + j * ws, r = row0 + e / MM_TILE, col = col0 + e % MM_TILE;
        c[r * n + col] += acc[j]; // scor:race c
    }
    __threadfence();
    if (lane == 0)
        atomicExch(tile_lock, 0u); // scor:race lock
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    uint32_t ws = gpu.threads, nwarps = gpu.warps;
    if (ws < 4 || (MM_TILE * MM_TILE) % ws) {
        fprintf(stderr, "mm: needs a warp size of 4..%u dividing %u\n", MM_TILE * MM_TILE,
                MM_TILE * MM_TILE);
        return 2;
    }
    uint32_t m = 16, n = m, chunks = 4;
    uint32_t kchunk = 8 * nwarps, k = kchunk * chunks;
    uint32_t tiles = (m / MM_TILE) * (n / MM_TILE), nblocks = tiles * chunks;
    uint32_t stride = gpu.line_bytes / 4 ? gpu.line_bytes / 4 : 1;
    int32_t *hA = (int32_t *)malloc((size_t)m * k * 4), *hB = (int32_t *)malloc((size_t)k * n * 4);
    int32_t *hC = (int32_t *)malloc((size_t)m * n * 4);
    uint32_t seed = 0x3a7e1u;
    for (uint32_t i = 0; i < m * k; i++)
        hA[i] = (int32_t)(app_rand32(&seed) % 2001) - 1000;
    for (uint32_t i = 0; i < k * n; i++)
        hB[i] = (int32_t)(app_rand32(&seed) % 2001) - 1000;

    int32_t *a = app_upload<int32_t>(hA, (size_t)m * k * 4);
    int32_t *b = app_upload<int32_t>(hB, (size_t)k * n * 4);
    int32_t *c = app_upload<int32_t>(nullptr, (size_t)m * n * 4);
    int32_t *part = app_upload<int32_t>(nullptr, (size_t)nblocks * MM_TILE * MM_TILE * 4);
    uint32_t *locks = app_upload<uint32_t>(nullptr, (size_t)(nblocks + tiles) * stride * 4);
    uint32_t *count = app_upload<uint32_t>(nullptr, (size_t)nblocks * stride * 4);
    matmul<<<dim3(tiles, chunks), nwarps * ws>>>(a, b, c, part, locks, count, m, n, k, kchunk,
                                                  stride);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hC, c, (size_t)m * n * 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (uint32_t i = 0; i < m && !RACEY && !bad; i++)
        for (uint32_t j = 0; j < n; j++) {
            uint32_t want = 0; // unsigned: wraps like the device's 32-bit arithmetic
            for (uint32_t kk = 0; kk < k; kk++)
                want += (uint32_t)hA[i * k + kk] * (uint32_t)hB[kk * n + j];
            if ((uint32_t)hC[i * n + j] != want) {
                fprintf(stderr, "mm: C[%u][%u] = %d, expected %d\n", i, j, hC[i * n + j],
                        (int32_t)want);
                bad = 1;
                break;
            }
        }
    printf("mm%s: %u x %u x %u%s\n", RACEY ? " (racey)" : "", m, n, k,
           RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(hA);
    free(hB);
    free(hC);
    return bad;
}
