// apps.cuh: what the twins of the ScoR applications (sw/bench/apps) share
// on the host side: the inputs' generator (scor_rand32 of scor_app.h), the
// GPU's shape as scord-scor's ctx->info gives it to the C host code, and
// CUDA error checking.
//
// Each twin holds both builds of its application, as kernel.c does: the
// race-free one, and with -DRACEY=1 the one with ScoR's injected races
// (`// scor:race ID` on their lines, the same IDs as kernel.c).
#ifndef APPS_CUH
#define APPS_CUH

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifndef RACEY
#define RACEY 0
#endif

#ifndef __CUDA_ARCH__
// The inputs' generator (xorshift32), as scor_rand32: deterministic.
static inline uint32_t app_rand32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

// The GPU's shape: cores, warps per core, lanes per warp, cache line.
struct app_gpu {
    unsigned cores, warps, threads, line_bytes;
};

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                    cudaGetErrorString(e_));                                             \
            exit(2);                                                                     \
        }                                                                                \
    } while (0)

static inline app_gpu app_gpu_shape()
{
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    app_gpu g;
    g.cores = (unsigned)p.multiProcessorCount;
    g.threads = (unsigned)p.warpSize;
    g.warps = (unsigned)p.maxThreadsPerBlock / g.threads;
    g.line_bytes = (unsigned)p.textureAlignment;
    return g;
}

// cudaMalloc + a copy of src (NULL: zeros), as scor_upload.
template <class T> static inline T *app_upload(const void *src, size_t bytes)
{
    void *p;
    CHECK(cudaMalloc(&p, bytes));
    if (src)
        CHECK(cudaMemcpy(p, src, bytes, cudaMemcpyHostToDevice));
    else
        CHECK(cudaMemset(p, 0, bytes));
    return (T *)p;
}


// ---- gcol and gcon: the R-MAT graph and the work stealing's host part ----
//
// rmat.h and steal_host.h of sw/bench/apps/gcol in CUDA's terms: the same
// seeded graph, the same partitions, the same descriptors and heads before
// each launch.

// An undirected graph in CSR form, no self loops or duplicate edges.
struct rmat_graph {
    uint32_t n, m;      // vertices; adjacency entries (twice the edges)
    uint32_t *row, *adj; // [n + 1], [m] (each row sorted)
};

// xorshift64*: the generator of rmat.h.
static inline uint64_t rmat_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static int rmat_cmp(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

// 2^scale vertices, `edges` edges drawn (Chakrabarti et al.'s R-MAT: one
// quadrant per bit, probabilities pa, pb, pc in 1/1000, d the rest), self
// loops and duplicates dropped, both directions kept.
static inline rmat_graph rmat_build(unsigned scale, uint32_t edges, unsigned pa, unsigned pb,
                                    unsigned pc, uint64_t seed)
{
    uint64_t st = seed ? seed : 1;
    uint64_t *pairs = (uint64_t *)malloc(2 * (size_t)edges * sizeof *pairs);
    rmat_graph g;
    g.n = 1u << scale;
    g.row = (uint32_t *)calloc((size_t)g.n + 1, sizeof *g.row);
    size_t np = 0;
    for (uint32_t e = 0; e < edges; e++) {
        uint32_t u = 0, v = 0;
        for (unsigned bit = 0; bit < scale; bit++) {
            unsigned r = (unsigned)(rmat_rand(&st) >> 40) % 1000u;
            unsigned q = r < pa ? 0 : r < pa + pb ? 1 : r < pa + pb + pc ? 2 : 3;
            u = (u << 1) | (q >> 1);
            v = (v << 1) | (q & 1u);
        }
        if (u == v)
            continue;
        pairs[np++] = ((uint64_t)u << 32) | v;
        pairs[np++] = ((uint64_t)v << 32) | u;
    }
    qsort(pairs, np, sizeof *pairs, rmat_cmp);
    size_t k = 0;
    for (size_t i = 0; i < np; i++)
        if (k == 0 || pairs[i] != pairs[k - 1])
            pairs[k++] = pairs[i];
    g.adj = (uint32_t *)malloc((k ? k : 1) * sizeof *g.adj);
    for (size_t i = 0; i < k; i++) {
        g.row[(pairs[i] >> 32) + 1]++;
        g.adj[i] = (uint32_t)pairs[i];
    }
    for (uint32_t v = 0; v < g.n; v++)
        g.row[v + 1] += g.row[v];
    g.m = (uint32_t)k;
    free(pairs);
    return g;
}

// The work stealing's device buffers: partition ends, heads, vertices
// done per partition, block descriptors ([0] start, [1] end), one scratch
// word per thread, the launch's count. Allocated in steal_alloc.h's order.
struct steal_bufs {
    uint32_t *pend, *next, *done, *desc, *scratch, *count;
    uint32_t nparts, chunk, desc_words, block;
};

// Partition p of np over n vertices: [pstart[p], pend[p]), equal sizes.
static inline void steal_partition(uint32_t n, uint32_t np, uint32_t *pstart, uint32_t *pend)
{
    for (uint32_t p = 0; p < np; p++) {
        pstart[p] = (uint32_t)((uint64_t)n * p / np);
        pend[p] = (uint32_t)((uint64_t)n * (p + 1) / np);
    }
}

static inline void steal_alloc(steal_bufs *s, const uint32_t *pend)
{
    uint32_t np = s->nparts;
    s->pend = app_upload<uint32_t>(pend, np * 4);
    s->next = app_upload<uint32_t>(nullptr, np * 4);
    s->done = app_upload<uint32_t>(nullptr, np * 4);
    s->desc = app_upload<uint32_t>(nullptr, (size_t)np * s->desc_words * 4);
    s->scratch = app_upload<uint32_t>(nullptr, (size_t)np * s->block * 4);
    s->count = app_upload<uint32_t>(nullptr, 4);
}

// Before a launch: each partition's first chunk in its block's descriptor,
// the heads past it, done[] and the count cleared.
static inline void steal_reset(const steal_bufs *s, const uint32_t *pstart, const uint32_t *pend)
{
    uint32_t np = s->nparts, zero = 0;
    uint32_t *next = (uint32_t *)calloc(np, 4);
    uint32_t *desc = (uint32_t *)calloc((size_t)np * s->desc_words, 4);
    for (uint32_t p = 0; p < np; p++) {
        next[p] = pend[p] - pstart[p] < s->chunk ? pend[p] : pstart[p] + s->chunk;
        desc[p * s->desc_words] = pstart[p];
        desc[p * s->desc_words + 1] = next[p];
    }
    CHECK(cudaMemcpy(s->next, next, np * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(s->desc, desc, (size_t)np * s->desc_words * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(s->done, 0, np * 4));
    CHECK(cudaMemcpy(s->count, &zero, 4, cudaMemcpyHostToDevice));
    free(next);
    free(desc);
}

// After a launch: the count; -1 when (race-free build) a partition was not
// processed exactly once.
static inline int steal_finish(const char *who, const steal_bufs *s, const uint32_t *pstart,
                               const uint32_t *pend, uint32_t *count)
{
    uint32_t np = s->nparts;
    uint32_t *done = (uint32_t *)calloc(np, 4);
    int r = 0;
    CHECK(cudaMemcpy(count, s->count, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(done, s->done, np * 4, cudaMemcpyDeviceToHost));
    for (uint32_t p = 0; p < np && !RACEY; p++)
        if (done[p] != pend[p] - pstart[p]) {
            fprintf(stderr, "%s: partition %u processed %u vertices, it has %u\n", who, p,
                    done[p], pend[p] - pstart[p]);
            r = -1;
            break;
        }
    free(done);
    return r;
}
#endif

#endif
