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
// rmat.h of sw/bench/apps/gcol, and its steal_host.h in CUDA's terms: the
// same seeded graph, the same partitions, the same descriptors and heads
// before each launch.

// The graph generator is rmat.h itself (C that is C++ as well).
#include "../../../../sw/bench/apps/gcol/rmat.h"

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
