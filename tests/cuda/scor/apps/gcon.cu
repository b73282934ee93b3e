// ScoR application gcon as a CUDA program: the twin of sw/bench/apps/gcon
// (kernel.c, host.c, and the R-MAT graph and work stealing of gcol's
// rmat.h and steal_host.h): graph connectivity with work stealing.
//
// Label propagation with pointer jumping over a graph in CSR form (row[n+1],
// adj[]; undirected). One launch is one round:
//   out[v] = min(in[v], in[in[v]], in[u] for every neighbour u)
// Labels start as the vertex ids; the host repeats rounds (in and out
// swapped) until no label changes.
//
// Work: one partition of consecutive vertices per block; the host gives
// block p the first chunk of GCON_CHUNK vertices of partition p in its
// descriptor and next[p] hands out the others with atomicAdd; a block that
// exhausted its partition steals chunks from the others, trying them in
// turn from p+1 on. done[p] counts the vertices of partition p processed,
// *count the labels changed in the launch. Per chunk every thread reads the
// block's descriptor and handles one vertex, the block sums its count of
// changed labels through `scratch` (written, a barrier, halved, a barrier,
// added up by thread 0), thread 0 claims the next chunk and publishes it in
// the descriptor; a barrier, and round again.
//
// RACEY (-DRACEY=1) injects what ScoR's GCON does: the three barriers are
// dropped and a stealer claims chunks of another block's partition with a
// block-scope atomicAdd. Five races: gcon_start, gcon_end (the descriptor:
// thread 0's store vs the threads' load), gcon_red1, gcon_red2 (scratch's
// halves), gcon_steal (a partition's head: a stealer's block-scope claim vs
// the owner's device-scope claims).
//
// Divergence and barriers: the GPU reconverges a warp by minimum PC. Every
// divergent step before a barrier is a __noinline__ function, called by
// all threads and defined above the kernel, so that all lanes of a warp
// return from it before the warp reaches the barrier.
//
// Launch as scord-scor's: an R-MAT graph of 2^8 vertices and 2^8 edges
// drawn, one block of 32 threads per core, rounds until no label changes.
#include "apps.cuh"

#define GCON_BLOCK 32u // threads per block: the reduction is written for 32
#define GCON_CHUNK GCON_BLOCK
#define GCON_DESC_WORDS 8u // per block: [0] start, [1] end
#define GCON_SEED 0xC0111ECull
#define GCON_MAX_ROUNDS 64u

// The launch's buffers, gathered by the kernel for its helpers (kernel.c's
// struct gcon_args; a struct of pointers cannot be a kernel parameter).
struct gcon_args {
    const uint32_t *row, *adj, *in;
    uint32_t *out;
    const uint32_t *pend;
    uint32_t *next, *done, *desc, *scratch, *count;
    uint32_t n, nparts;
};

// Label of v after this round. Returns 1 if it changed.
__device__ __noinline__ static unsigned do_vertex(const gcon_args *a, unsigned s, unsigned e,
                                                  unsigned tid)
{
    unsigned v = s + tid;
    if (v >= e)
        return 0;
    unsigned l = a->in[v], m = a->in[l];
    if (l < m)
        m = l;
    for (unsigned k = a->row[v]; k < a->row[v + 1]; k++) {
        unsigned lu = a->in[a->adj[k]];
        if (lu < m)
            m = lu;
    }
    // Device atomic: the result is visible to the next launch, and a vertex
    // processed twice (a RACEY build's lost claim) is no new race.
    atomicExch(&a->out[v], m);
    return m != l;
}

// First level of the block's sum: 32 values to 16. (The load and the add
// that uses it on one line: g++ gives a load the line of the expression
// that consumes it, and kernel.c's load is on a line of its own.)
__device__ __noinline__ static void reduce_half(uint32_t *scratch, unsigned tid, unsigned n)
{
    if (tid < 16) {
        unsigned sum = n + scratch[tid + 16]; // scor:race gcon_red1
        scratch[tid] = sum;                   // scor:race gcon_red2
    }
}

// Thread 0: add up the 16 partial sums, account for the chunk [s, e) of
// partition *part, claim the next chunk (own partition first, then the
// others from b+1 on) and publish it (start == end: no work left).
__device__ __noinline__ static void finish_claim(const gcon_args *a, uint32_t *scratch,
                                                 uint32_t *desc, unsigned tid, unsigned b,
                                                 unsigned *part, unsigned s, unsigned e)
{
    if (tid != 0)
        return;
    unsigned sum = 0;
    for (unsigned i = 0; i < 16; i++)
        sum += scratch[i]; // scor:race gcon_red2
    if (sum)
        atomicAdd(a->count, sum);
    atomicAdd(&a->done[*part], e - s);

    unsigned ns = 0, ne = 0, p = b;
    unsigned h = atomicAdd(&a->next[b], GCON_CHUNK); // scor:race gcon_steal
    unsigned end = a->pend[b];
    if (h < end) {
        ns = h;
        ne = end - h < GCON_CHUNK ? end : h + GCON_CHUNK;
    } else {
        // A failed claim means the partition is exhausted for good: heads
        // only grow.
        for (unsigned i = 1; i < a->nparts; i++) {
            unsigned v = b + i < a->nparts ? b + i : b + i - a->nparts;
#if RACEY
            unsigned hv = atomicAdd_block(&a->next[v], GCON_CHUNK); // scor:race gcon_steal
#else
            unsigned hv = atomicAdd(&a->next[v], GCON_CHUNK);
#endif
            unsigned ev = a->pend[v];
            if (hv < ev) {
                ns = hv;
                ne = ev - hv < GCON_CHUNK ? ev : hv + GCON_CHUNK;
                p = v;
                break;
            }
        }
    }
    *part = p;
    desc[0] = ns; // scor:race gcon_start
    desc[1] = ne; // scor:race gcon_end
}

__global__ void gcon_round(const uint32_t *row, const uint32_t *adj, const uint32_t *in,
                           uint32_t *out, const uint32_t *pend, uint32_t *next, uint32_t *done,
                           uint32_t *desc, uint32_t *scratch, uint32_t *count, uint32_t n,
                           uint32_t nparts)
{
    const gcon_args args = {row, adj, in, out, pend, next, done, desc, scratch, count, n, nparts};
    const gcon_args *a = &args;
    unsigned tid = threadIdx.x, b = blockIdx.x;
    uint32_t *bdesc = a->desc + b * GCON_DESC_WORDS;
    uint32_t *bscratch = a->scratch + b * GCON_BLOCK;
    unsigned part = b;

    // The host hands out the first chunk of every partition in desc.
    for (;;) {
        unsigned s = bdesc[0]; // scor:race gcon_start
        unsigned e = bdesc[1]; // scor:race gcon_end
        if (s >= e)
            break;
        unsigned c = do_vertex(a, s, e, tid);
        bscratch[tid] = c; // scor:race gcon_red1
#if !RACEY
        __syncthreads();
#endif
        reduce_half(bscratch, tid, c);
#if !RACEY
        __syncthreads();
#endif
        finish_claim(a, bscratch, bdesc, tid, b, &part, s, e);
#if !RACEY
        __syncthreads();
#endif
    }
}

static uint32_t uf_find(uint32_t *parent, uint32_t v)
{
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

// Same partition into components as a host union-find: labels equal
// exactly when roots are equal (a renaming, both ways).
static int check_components(const rmat_graph *g, const uint32_t *lab)
{
    uint32_t n = g->n;
    uint32_t *parent = (uint32_t *)malloc(n * 4), *root_lab = (uint32_t *)malloc(n * 4);
    uint32_t *lab_root = (uint32_t *)malloc(n * 4);
    int r = 0;
    for (uint32_t v = 0; v < n; v++) {
        parent[v] = v;
        root_lab[v] = lab_root[v] = UINT32_MAX;
    }
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t k = g->row[v]; k < g->row[v + 1]; k++) {
            uint32_t x = uf_find(parent, v), y = uf_find(parent, g->adj[k]);
            if (x != y)
                parent[x < y ? y : x] = x < y ? x : y;
        }
    for (uint32_t v = 0; v < n && !r; v++) {
        uint32_t rt = uf_find(parent, v), l = lab[v];
        if (l >= n) {
            fprintf(stderr, "gcon: vertex %u has label %u, not a vertex\n", v, l);
            r = -1;
            break;
        }
        if (root_lab[rt] == UINT32_MAX)
            root_lab[rt] = l;
        if (lab_root[l] == UINT32_MAX)
            lab_root[l] = rt;
        if (root_lab[rt] != l || lab_root[l] != rt) {
            fprintf(stderr, "gcon: vertex %u: label %u, but its component (root %u) has label %u\n",
                    v, l, rt, root_lab[rt]);
            r = -1;
        }
    }
    free(parent);
    free(root_lab);
    free(lab_root);
    return r;
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    if (gpu.warps * gpu.threads < GCON_BLOCK) {
        fprintf(stderr, "gcon: needs %u threads per core, the GPU has %u\n", GCON_BLOCK,
                gpu.warps * gpu.threads);
        return 2;
    }
    rmat_graph g;
    if (rmat_build(&g, 8, 1u << 8, 570, 190, 190, GCON_SEED))
        return 2;
    uint32_t np = gpu.cores ? gpu.cores : 1;
    uint32_t *pstart = (uint32_t *)malloc(np * 4), *pend = (uint32_t *)malloc(np * 4);
    uint32_t *lab = (uint32_t *)malloc(g.n * 4), *init = (uint32_t *)malloc(g.n * 4);
    steal_partition(g.n, np, pstart, pend);
    for (uint32_t v = 0; v < g.n; v++)
        init[v] = v;

    uint32_t *row = app_upload<uint32_t>(g.row, (g.n + 1) * 4);
    uint32_t *adj = app_upload<uint32_t>(g.adj, g.m * 4);
    uint32_t *ca = app_upload<uint32_t>(init, g.n * 4);
    uint32_t *cb = app_upload<uint32_t>(nullptr, g.n * 4);
    steal_bufs st = {};
    st.nparts = np;
    st.chunk = GCON_CHUNK;
    st.desc_words = GCON_DESC_WORDS;
    st.block = GCON_BLOCK;
    steal_alloc(&st, pend);

    uint32_t round, changed = 1, *out = cb;
    int bad = 0;
    for (round = 0; round < GCON_MAX_ROUNDS && changed && !bad; round++) {
        uint32_t *in = round & 1 ? cb : ca;
        out = round & 1 ? ca : cb;
        steal_reset(&st, pstart, pend);
        gcon_round<<<np, GCON_BLOCK>>>(row, adj, in, out, st.pend, st.next, st.done, st.desc,
                                        st.scratch, st.count, g.n, np);
        bad = steal_finish("gcon", &st, pstart, pend, &changed) != 0;
    }
    if (!RACEY && !bad) {
        if (changed) {
            fprintf(stderr, "gcon: %u labels still changing after %u rounds\n", changed, round);
            bad = 1;
        } else {
            CHECK(cudaMemcpy(lab, out, g.n * 4, cudaMemcpyDeviceToHost));
            bad = check_components(&g, lab) != 0;
        }
    }
    printf("gcon%s: %u vertices, %u adjacency entries, %u rounds%s\n", RACEY ? " (racey)" : "",
           g.n, g.m, round, RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(pstart);
    free(pend);
    free(lab);
    free(init);
    free(g.row);
    free(g.adj);
    return bad;
}
